/**
 * Which providers the functions use (functions/config.ts reads the choice; infra/aws/providers.ts deploys it).
 * The first of each is the default: the local sandbox, which needs no account.
 */
export const CARRIERS = ['sandbox', 'easypost'] as const;
export const PAYMENT_PROCESSORS = ['sandbox', 'stripe'] as const;
export const PLATFORM_CONNECTOR_MODES = ['demo', 'live'] as const;

/**
 * The settings that are secrets: in AWS never in a function's environment, only in the provider credentials
 * secret the stack creates and the operator fills (docs/deploy.md).
 */
export const PROVIDER_SECRET_KEYS = ['STRIPE_SECRET_KEY', 'EASYPOST_API_KEY', 'PLATFORM_CLIENT_SECRETS'] as const;
export type ProviderSecretKey = (typeof PROVIDER_SECRET_KEYS)[number];
