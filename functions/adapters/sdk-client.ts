/**
 * An SDK client without the SDK's logger step. That step copies every request's input and every answer through the
 * service's sensitive-data filter for a logger the functions never give it (they log through Powertools), even when
 * nothing is logged: a BatchGet's hundred items or a bulk email's fifty entries walked and copied on each call. It
 * was a sixth of the reward-email worker's own CPU besides SES (docs/performance.md, "Rewards").
 */
export function withoutSdkLogging<C extends { middlewareStack: { remove(name: string): boolean } }>(client: C): C {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}
