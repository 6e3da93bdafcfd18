/**
 * `GET /config.json` (docs/CONTRACTS.md): served by the local gateway, deployed into the web bucket in AWS.
 * Checked by hand, not with zod: the entry would carry zod's 26 KB gzip on every first page for seven fields
 * (issue 18).
 */
export interface WebConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** cognito-local (or a proxy path to it); absent in AWS, where the app calls Cognito's regional endpoint. */
  cognitoEndpoint?: string;
  apiBase: string;
  /** Stripe's publishable key (public), for Stripe.js when the server's processor is Stripe. */
  stripePublishableKey?: string;
}

const REQUIRED = ['region', 'userPoolId', 'userPoolClientId'] as const;
const OPTIONAL = ['cognitoEndpoint', 'apiBase', 'stripePublishableKey'] as const;

/** The fields that are not a non-empty string where one is required, or present and not one where optional. */
function invalidFields(raw: Record<string, unknown>): string[] {
  const text = (v: unknown) => typeof v === 'string' && v.length > 0;
  return [...REQUIRED.filter((k) => !text(raw[k])), ...OPTIONAL.filter((k) => raw[k] !== undefined && !text(raw[k]))];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

let loaded: WebConfig | undefined;
let loading: Promise<WebConfig> | undefined;

/**
 * Fetches and validates /config.json once (asked by index.html's entry as the page loads, awaited by the app when it
 * starts); the app does not start without it.
 */
export function loadConfig(fetchImpl: typeof fetch = fetch): Promise<WebConfig> {
  loading ??= fetchConfig(fetchImpl);
  return loading;
}

async function fetchConfig(fetchImpl: typeof fetch): Promise<WebConfig> {
  const res = await fetchImpl('/config.json', { cache: 'no-store' });
  if (!res.ok) throw new ConfigError(`/config.json answered ${res.status}`);
  const body: unknown = await res.json();
  if (typeof body !== 'object' || body === null) throw new ConfigError('/config.json is invalid: not an object');
  const raw = body as Record<string, unknown>;
  const invalid = invalidFields(raw);
  if (invalid.length > 0) throw new ConfigError(`/config.json is invalid: ${invalid.join(', ')} must be a non-empty string`);
  const cfg = raw as Partial<WebConfig> & Pick<WebConfig, (typeof REQUIRED)[number]>;
  loaded = {
    region: cfg.region,
    userPoolId: cfg.userPoolId,
    userPoolClientId: cfg.userPoolClientId,
    stripePublishableKey: cfg.stripePublishableKey,
    // A path (e.g. /cognito) is on this origin: made absolute once, for every Cognito call.
    cognitoEndpoint: cfg.cognitoEndpoint ? new URL(cfg.cognitoEndpoint, window.location.origin).href.replace(/\/$/, '') : undefined,
    apiBase: (cfg.apiBase ?? '/api').replace(/\/$/, ''),
  };
  return loaded;
}

/** The configuration, after loadConfig resolved (main.tsx awaits it before rendering). */
export function config(): WebConfig {
  if (!loaded) throw new ConfigError('config() called before loadConfig()');
  return loaded;
}
