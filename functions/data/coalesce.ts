import { allProcessed } from './errors.js';

/**
 * Calls made in one turn of the event loop, joined into one request: the records of a queue batch are handled side
 * by side (sqsWorker's `parallel`), so each step of theirs (read the customer, claim the email) is asked for by all
 * of them within one turn, and one BatchGet or one transaction answers them all instead of one request each.
 *
 * `run` gets every item queued since the last flush (at most `max`), in the order asked, duplicates included (a
 * write decides what a duplicate means; a read dedupes its keys), and answers each: a value, or an Error for that
 * item alone. When `run` throws, every item of that flush gets its error.
 *
 * `oneAtATime`: a run begins only once the one before it has ended, and takes every item queued meanwhile (up to
 * `max`). For writes to items every run writes (a seller's balance, a batch's counts): runs side by side would
 * collide on them (DynamoDB cancels one of two transactions that touch one item at once), where one after another
 * they never collide, and the items that waited are joined into fewer, larger runs (group commit).
 */
export function coalesced<I, O>(run: (items: I[]) => Promise<(O | Error)[]>, max: number, options: { oneAtATime?: boolean } = {}): (item: I) => Promise<O> {
  const queued: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  let scheduled = false;
  let running = false;

  const flush = () => {
    scheduled = false;
    if (options.oneAtATime && running) return; // the run in flight flushes what waits when it ends
    const taken = queued.splice(0, max);
    if (taken.length === 0) return;
    running = true;
    run(taken.map((q) => q.item))
      .then(
        (answers) => {
          for (const [i, q] of taken.entries()) {
            const answer = answers[i];
            if (answer instanceof Error) q.reject(answer);
            else if (i >= answers.length) q.reject(new Error('coalesced call left an item unanswered'));
            else q.resolve(answer as O);
          }
        },
        (err: unknown) => {
          for (const q of taken) q.reject(err);
        },
      )
      .finally(() => {
        running = false;
        if (options.oneAtATime && queued.length > 0) flush();
      });
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queued.push({ item, resolve, reject });
      if (options.oneAtATime && running) return;
      // setImmediate runs once the current turn's promise continuations have run: the other records' calls are in.
      if (queued.length >= max) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}

/** Distinct keys of `items` by `keyOf`, for a batch read that answers each item from its key. */
export function distinctBy<I>(items: readonly I[], keyOf: (item: I) => string): I[] {
  return [...new Map(items.map((i) => [keyOf(i), i])).values()];
}

/**
 * Reads of one item each, asked in one turn, made as one read of their distinct keys (`readMany` answers the items
 * it found, `idOf` names an item as `keyOf` names its key); each caller gets its key's item, or undefined. The read
 * begins after every caller of the turn asked, so each answer is as fresh as the caller's own GetItem would have
 * been. Callers of one key share the item: they read it, never change it.
 */
export function readTogether<K, V>(
  keyOf: (key: K) => string,
  readMany: (keys: K[]) => Promise<readonly V[]>,
  idOf: (item: V) => string,
  max = 100,
): (key: K) => Promise<V | undefined> {
  return coalesced(async (keys: K[]) => {
    const found = new Map((await readMany(distinctBy(keys, keyOf))).map((item) => [idOf(item), item]));
    return keys.map((k) => found.get(keyOf(k)));
  }, max);
}

/**
 * readTogether over one entity's items by their keys: a GetItem when the turn asked for one key (`one`), a BatchGet
 * when it asked for several (`many`), every key processed or an error saying `what` was not read.
 */
export function itemsTogether<K, V>(o: {
  keyOf: (key: K) => string;
  idOf: (item: V) => string;
  one: (key: K) => Promise<{ data: V | null }>;
  many: (keys: K[]) => Promise<{ data: V[]; unprocessed: unknown[] }>;
  what: string;
}): (key: K) => Promise<V | undefined> {
  return readTogether(
    o.keyOf,
    async (keys) => {
      if (keys.length === 1) {
        const { data } = await o.one(keys[0] as K);
        return data ? [data] : [];
      }
      return allProcessed(await o.many(keys), `${o.what} were not read`).data;
    },
    o.idOf,
  );
}
