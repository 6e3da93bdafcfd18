import { EMAIL_LEDGER, FUNCTION_SETTINGS, TABLE } from '../infra/definitions.js';
import { CALL_GROUPS } from '../shared/api/route.js';

/**
 * The ids of routes whose group handler has an action. Imports the handlers, whose configuration (functions/config.ts)
 * refuses to load without the settings every function gets; the listing reads no table, so the local names do.
 */
export async function builtRouteIds(): Promise<Set<string>> {
  process.env.TABLE_NAME ??= TABLE.name;
  process.env.EMAIL_LEDGER_TABLE_NAME ??= EMAIL_LEDGER.name;
  for (const [name, value] of Object.entries(FUNCTION_SETTINGS)) process.env[name] ??= value;
  const built = new Set<string>();
  for (const group of CALL_GROUPS) {
    const mod = (await import(`../functions/http/${group}.ts`)) as { handler: { actions: Record<string, unknown> } };
    for (const id of Object.keys(mod.handler.actions)) built.add(id);
  }
  return built;
}
