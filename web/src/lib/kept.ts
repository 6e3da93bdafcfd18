/**
 * Answers kept from the seller's last visit, so the opening screen paints at once on the next one and is then
 * refreshed by the live answer (issue 18: the dashboard's largest paint waited for the app, the session and its API
 * answer). Kept in localStorage beside the session's tokens, under the signed-in seller's Cognito user name, and
 * cleared with the tokens (session.ts: sign-out, the next sign-in, a refused refresh): one seller's data is never
 * shown to another on this browser. public/boot.js reads the dashboard's to paint it before the app runs.
 *
 * Each entry names the build that wrote it (the page's entry script): after a deploy the app does not render an
 * answer of an older shape (boot.js paints only the few fields it checks itself).
 */
export const KEPT_PREFIX = 'consultantDesk.kept.';

export type KeptName = 'dashboard' | 'sellerProfile';

export const keptKey = (seller: string, name: KeptName): string => `${KEPT_PREFIX}${seller}.${name}`;

interface Entry {
  build: string;
  answer: unknown;
}

/** The build this page runs: the entry script's address (its hash changes with any chunk it loads). */
export function currentBuild(doc: Pick<Document, 'querySelector'> = document): string {
  return doc.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src') ?? '';
}

/** Keeps `answer` for `seller`. Storage refused or full: nothing kept (the next visit waits for the live answer). */
export function keep(storage: Storage, seller: string, name: KeptName, answer: unknown, build: string): void {
  const entry: Entry = { build, answer };
  try {
    storage.setItem(keptKey(seller, name), JSON.stringify(entry));
  } catch {
    // Quota or private mode: the screen works without it.
  }
}

/** The answer kept for `seller` by this build, if any. */
export function readKept(storage: Storage, seller: string | undefined, name: KeptName, build: string): unknown {
  if (!seller) return undefined;
  try {
    const raw = storage.getItem(keptKey(seller, name));
    if (!raw) return undefined;
    const entry = JSON.parse(raw) as Partial<Entry> | null;
    return entry && entry.build === build ? entry.answer : undefined;
  } catch {
    return undefined;
  }
}

/** Every kept answer, whoever's (at sign-out and before a sign-in). */
export function clearKept(storage: Storage): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(KEPT_PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage refused: nothing was kept either.
  }
}
