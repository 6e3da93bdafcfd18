import './bootstrap.scss';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadOpeningPage } from './app/router';
import { loadConfig } from './config';
import { nameDialogsByTitle } from './lib/dialog-names';
import { configureAuth, restoreSession, sessionStored } from './lib/session';
import { MESSAGES } from '../../shared/api/messages';

const root = createRoot(document.getElementById('root')!);

async function start(): Promise<void> {
  // After the load event: chunks fetched before it hold it back (a cold dev server's whole module graph).
  const preload = () => preloadOpeningPage(window.location.pathname, sessionStored());
  if (document.readyState === 'complete') preload();
  else window.addEventListener('load', preload, { once: true });
  try {
    configureAuth(await loadConfig());
  } catch (err) {
    console.error(err);
    root.render(
      <main className="p-4">
        <h1 className="h4">Consultant Desk could not start</h1>
        <p>{MESSAGES.generic}</p>
      </main>,
    );
    return;
  }
  void restoreSession();
  nameDialogsByTitle();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
