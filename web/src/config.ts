import * as z from 'zod';

/** `GET /config.json` (docs/CONTRACTS.md): served by the local gateway, deployed into the web bucket in AWS. */
const configSchema = z.object({
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /** cognito-local (or a proxy path to it); absent in AWS, where the app calls Cognito's regional endpoint. */
  cognitoEndpoint: z.string().min(1).optional(),
  apiBase: z.string().min(1).default('/api'),
  /** Stripe's publishable key (public), for Stripe.js when the server's processor is Stripe. */
  stripePublishableKey: z.string().min(1).optional(),
});

export type WebConfig = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

let loaded: WebConfig | undefined;

/** Fetches and validates /config.json once; the app does not start without it. */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<WebConfig> {
  if (loaded) return loaded;
  const res = await fetchImpl('/config.json', { cache: 'no-store' });
  if (!res.ok) throw new ConfigError(`/config.json answered ${res.status}`);
  const parsed = configSchema.safeParse(await res.json());
  if (!parsed.success) throw new ConfigError(`/config.json is invalid: ${z.prettifyError(parsed.error)}`);
  const cfg = parsed.data;
  loaded = {
    ...cfg,
    // A path (e.g. /cognito) is on this origin: made absolute once, for every Cognito call.
    cognitoEndpoint: cfg.cognitoEndpoint ? new URL(cfg.cognitoEndpoint, window.location.origin).href.replace(/\/$/, '') : undefined,
    apiBase: cfg.apiBase.replace(/\/$/, ''),
  };
  return loaded;
}

/** The configuration, after loadConfig resolved (main.tsx awaits it before rendering). */
export function config(): WebConfig {
  if (!loaded) throw new ConfigError('config() called before loadConfig()');
  return loaded;
}
