// The styles are the page's own <link>s (render-blocking, in index.html): index.html's first paint needs them.
import './bootstrap.scss';
import './styles.css';
import { loadConfig } from './config';

// Asked now, while the app's chunks download, rather than when it starts (a round trip less before the first call).
loadConfig().catch(() => undefined); // the app reports it when it awaits the same promise

/**
 * The app starts after the browser has painted index.html's first paint (the sign-in card or the signed-in frame,
 * public/boot.js), not before: evaluating the app's modules is the longest task of the page load on a phone (issue
 * 18). Its chunks are asked then too, not preloaded by index.html: on a slow link they would share it with the
 * styles the first paint waits for (measured: Lighthouse's mobile LCP of /login 1.9-2.7 s with them preloaded,
 * 1.0-1.6 s without; docs/performance.md). A hidden tab paints nothing, so there the app starts at once.
 */
const start = () => void import('./start');
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
