import { currentBuild, type KeptName, keep, readKept } from './kept';
import { storedSeller } from './session';

/**
 * The opening screen's answers, kept for the signed-in seller's next visit (kept.ts): `ask` is the query's call;
 * its answer is kept only if the seller who asked is still the one signed in when it comes (a sign-out meanwhile
 * cleared what was kept, and another seller may have signed in).
 */
export async function askAndKeep<T>(name: KeptName, ask: () => Promise<T>): Promise<T> {
  const seller = storedSeller();
  const answer = await ask();
  if (seller && storedSeller() === seller) keep(localStorage, seller, name, answer, currentBuild());
  return answer;
}

/** The answer kept at the signed-in seller's last visit by this build, for a query's placeholderData. */
export function keptAnswer<T>(name: KeptName): T | undefined {
  return readKept(localStorage, storedSeller(), name, currentBuild()) as T | undefined;
}
