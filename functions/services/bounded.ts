/**
 * What a container remembers across calls (verified tokens, account checks, rate-limit leases, sellers holding a
 * plan, an import's buyers) is kept in a Map or Set, which iterate in insertion order: past `max` entries the oldest
 * are forgotten, and looked up again if they come back. Called after each insert.
 */
export function forgetOldest(memory: Map<unknown, unknown> | Set<unknown>, max: number): void {
  while (memory.size > max) memory.delete(memory.keys().next().value);
}
