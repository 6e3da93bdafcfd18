import type { Node } from 'constructs';
import type { ProviderChoices } from './providers.js';

/** A context value given on the command line (`-c key=value`) or in cdk.json; an empty string is no value. */
function contextValue(node: Node, key: string): unknown {
  const value = node.tryGetContext(key);
  return value === '' || value === null ? undefined : value;
}

/**
 * The provider choices from CDK context: `-c carrier=easypost -c paymentProcessor=stripe -c platformConnectors=live
 * -c platformClientIds='{"etsy":"…"}' -c platformOAuthRedirectUri=https://…/settings -c stage=production` (docs/deploy.md).
 * Values are checked by the Providers construct, so a typo fails the synth with the setting's name.
 */
export function providerChoicesFromContext(node: Node): ProviderChoices {
  const clientIds = contextValue(node, 'platformClientIds');
  const planPrices = contextValue(node, 'planPrices');
  const showAnnual = contextValue(node, 'showAnnual');
  const choices = {
    carrier: contextValue(node, 'carrier'),
    paymentProcessor: contextValue(node, 'paymentProcessor'),
    platformConnectors: contextValue(node, 'platformConnectors'),
    platformClientIds: typeof clientIds === 'string' ? parseJson('platformClientIds', clientIds) : clientIds,
    platformOAuthRedirectUri: contextValue(node, 'platformOAuthRedirectUri'),
    stage: contextValue(node, 'stage'),
    // -c planPrices='{"growth":{"monthly":21}}' -c showAnnual=false (docs/runbook.md, "Plan prices").
    planPrices: typeof planPrices === 'string' ? parseJson('planPrices', planPrices) : planPrices,
    showAnnual: showAnnual === 'true' ? true : showAnnual === 'false' ? false : showAnnual,
  };
  return Object.fromEntries(Object.entries(choices).filter(([, v]) => v !== undefined)) as ProviderChoices;
}

function parseJson(key: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`Context ${key} must be a JSON object, e.g. '{"etsy":"<client id>"}'`);
  }
}

/**
 * Every context key the app reads (docs/deploy.md). A deploy without one of them goes back to its default (the
 * sandboxes, no alarm mail), so the stack publishes the values it was deployed with (output `DeployContext`) and a
 * rollback deploys the previous commit with exactly those (docs/runbook.md "Roll back a deploy").
 */
export const DEPLOY_CONTEXT_KEYS = [
  'paymentProcessor',
  'stage',
  'carrier',
  'stripePublishableKey',
  'platformConnectors',
  'platformClientIds',
  'platformOAuthRedirectUri',
  'planPrices',
  'showAnnual',
  'emailFromAddress',
  'alarmEmail',
  'domainName',
  'certificateArn',
] as const;

/** The deploy's context values by key, each as `-c key=value` takes it (JSON objects as their text). None is secret. */
export function deployContext(node: Node): Record<string, string> {
  return Object.fromEntries(
    DEPLOY_CONTEXT_KEYS.flatMap((key) => {
      const value = contextValue(node, key);
      if (value === undefined) return [];
      return [[key, typeof value === 'string' ? value : JSON.stringify(value)]];
    }),
  );
}
