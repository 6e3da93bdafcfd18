// zod's settings (no eval: the worker's script has the page's CSP) before any schema is built.
import '../zod-config';
import type { CheckRequest, CheckResult } from './answer-check';
import { routeSchemas } from './route-schemas';

/**
 * The answer checker (answer-check.ts): loads a group's schemas (with zod's settings, route-schemas.ts) off the
 * page's thread and checks answers against them.
 */
const reply = (result: CheckResult) => (globalThis as unknown as { postMessage(message: CheckResult): void }).postMessage(result);

addEventListener('message', (event) => {
  const { n, group, id, data } = (event as MessageEvent<CheckRequest>).data;
  routeSchemas(group, id).then(
    ({ response }) => {
      const parsed = response?.safeParse(data);
      reply({ n, issues: parsed && !parsed.success ? parsed.error.issues : undefined });
    },
    (err: unknown) => reply({ n, failed: err instanceof Error ? err.message : String(err) }),
  );
});
