import { z } from 'zod';
import { PLATFORMS } from '../shared/domain/platforms.js';
import { CARRIERS, PAYMENT_PROCESSORS, PLATFORM_CONNECTOR_MODES, PROVIDER_SECRET_KEYS, type ProviderSecretKey } from '../shared/domain/providers.js';

/** A JSON object keyed by platform, in one variable. */
const platformMap = (value: z.ZodString) =>
  z
    .string()
    .default('{}')
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
    })
    .pipe(z.partialRecord(z.enum(PLATFORMS), value));

/** Read once at load, validated: a function with a wrong environment fails at cold start, not mid-request. */
const schema = z.object({
  AWS_REGION: z.string().min(1).default('us-east-1'),
  TABLE_NAME: z.string().min(1),
  UPLOAD_BUCKET: z.string().min(1).optional(),
  /** Images sellers put in emails (issue 15): the bucket, and the public address its keys are served under. */
  EMAIL_IMAGE_BUCKET: z.string().min(1).optional(),
  EMAIL_IMAGE_BASE_URL: z.string().url().optional(),
  /** Where an upload waits for its job: objects created under it start the csv-jobs worker (infra/definitions.ts UPLOADS). */
  UPLOAD_PREFIX: z.string().min(1).endsWith('/'),
  /** Receives after which SQS moves a message to its DLQ: a worker's last try gives up visibly (infra/definitions.ts). */
  MAX_RECEIVE_COUNT: z.coerce.number().int().min(1),
  /** How long the csv-sync and platform-sync workers may run: a job with no progress for longer has lost its worker. */
  CSV_JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1),
  PLATFORM_SYNC_TIMEOUT_SECONDS: z.coerce.number().int().min(1),
  QUEUE_URL_CSV_JOBS: z.string().url().optional(),
  QUEUE_URL_PLATFORM_SYNC: z.string().url().optional(),
  QUEUE_URL_REWARD_EMAILS: z.string().url().optional(),
  QUEUE_URL_LABEL_BATCHES: z.string().url().optional(),
  CARRIER: z.enum(CARRIERS).default('sandbox'),
  EASYPOST_API_KEY: z.string().min(1).optional(),
  EASYPOST_BASE_URL: z.string().url().optional(),
  USER_POOL_ID: z.string().min(1).optional(),
  USER_POOL_CLIENT_ID: z.string().min(1).optional(),
  JWT_ISSUER: z.string().url().optional(),
  JWKS_URI: z.string().url().optional(),
  POWERTOOLS_SERVICE_NAME: z.string().default('consultant-desk'),
  /** Which payment processor the gateway uses (functions/payments/gateway.ts). */
  PAYMENT_PROCESSOR: z.enum(PAYMENT_PROCESSORS).default('sandbox'),
  /** Required when PAYMENT_PROCESSOR=stripe. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Where Stripe's API is (default Stripe's own); tests point it at a loopback fake. */
  STRIPE_API_BASE: z.string().url().optional(),
  /** Platform connectors (functions/adapters/platforms/index.ts): 'demo' needs no account; 'live' speaks each API. */
  PLATFORM_CONNECTORS: z.enum(PLATFORM_CONNECTOR_MODES).default('demo'),
  /** JSON object platform -> API base URL, overriding the production address (tests: loopback fakes). */
  PLATFORM_BASE_URLS: platformMap(z.string().url()),
  /** JSON object platform -> our OAuth client id at that platform (not a secret). */
  PLATFORM_CLIENT_IDS: platformMap(z.string().min(1)),
  /** JSON object platform -> our OAuth client secret there (token calls only; from the secret store in AWS). */
  PLATFORM_CLIENT_SECRETS: platformMap(z.string().min(1)),
  /** Where platforms send the seller back after granting access (the web app's integration settings). */
  PLATFORM_OAUTH_REDIRECT_URI: z.string().url().optional(),
  /**
   * AWS: the Secrets Manager secret (a JSON object) holding the secret settings below (SECRET_SETTINGS); read once
   * per cold start by functions/adapters/secrets.ts. Locally unset: those settings come from the environment.
   */
  PROVIDER_CREDENTIALS_ARN: z.string().min(1).optional(),
  /** KMS key of the envelope encryption of platform credentials (AWS). */
  PLATFORM_CREDENTIALS_KEY_ARN: z.string().min(1).optional(),
  /** Locally, instead of KMS: a 32-byte key, base64 (the local cloud sets it; docs/CONTRACTS.md). */
  PLATFORM_CREDENTIALS_LOCAL_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64')
    .optional(),
});

export type Config = z.infer<typeof schema>;

/** The settings that are secrets (PROVIDER_SECRET_KEYS), validated as in the environment. */
export const secretSettingsSchema = schema.pick(
  Object.fromEntries(PROVIDER_SECRET_KEYS.map((key) => [key, true])) as Record<ProviderSecretKey, true>,
);
export type SecretSettings = z.infer<typeof secretSettingsSchema>;
export const SECRET_SETTINGS: readonly ProviderSecretKey[] = PROVIDER_SECRET_KEYS;

function load(): Config {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Invalid function environment: ${fields}`);
  }
  return parsed.data;
}

export const config: Config = load();

export function required<K extends keyof Config>(key: K): NonNullable<Config[K]> {
  const value = config[key];
  if (value === undefined || value === null) throw new Error(`Missing environment variable ${key}`);
  return value as NonNullable<Config[K]>;
}
