import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { queryClient } from './app/providers';
import { isSignedInPath, preloadOpeningPage } from './app/router';
import { loadConfig } from './config';
import { nameDialogsByTitle } from './lib/dialog-names';
import { configureAuth, restoreSession, sessionStore, sessionStored } from './lib/session';
import { MESSAGES } from '../../shared/api/messages';

/**
 * The app: index.html's entry (main.tsx) imports this after the first paint. Config, session, the opening page's
 * chunks and data, then React.
 */
const root = createRoot(document.getElementById('root')!);

async function start(): Promise<void> {
  const { pathname } = window.location;
  // In development after the load event: chunks fetched before it hold it back (a cold dev server's whole module
  // graph). A build's chunks are few and small: at once.
  const preload = () => preloadOpeningPage(pathname, sessionStored());
  if (import.meta.env.PROD || document.readyState === 'complete') preload();
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
  void restoreSession().then(() => {
    if (sessionStore.get().status === 'signedIn' && isSignedInPath(pathname)) {
      void import('./app/opening-data').then((m) => m.prefetchOpeningData(pathname, queryClient));
    }
  });
  nameDialogsByTitle();
  // As a transition, React renders the app in slices of a few milliseconds between which the page stays responsive,
  // instead of one task that blocks it (on a phone, the longest of the page load: Lighthouse's blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

void start();
