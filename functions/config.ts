import { z } from 'zod';

/** Read once at load, validated: a function with a wrong environment fails at cold start, not mid-request. */
const schema = z.object({
  AWS_REGION: z.string().min(1).default('us-east-1'),
  TABLE_NAME: z.string().min(1),
  UPLOAD_BUCKET: z.string().min(1).optional(),
  QUEUE_URL_CSV_JOBS: z.string().url().optional(),
  QUEUE_URL_PLATFORM_SYNC: z.string().url().optional(),
  QUEUE_URL_REWARD_EMAILS: z.string().url().optional(),
  QUEUE_URL_LABEL_BATCHES: z.string().url().optional(),
  CARRIER: z.enum(['sandbox', 'easypost']).default('sandbox'),
  EASYPOST_API_KEY: z.string().min(1).optional(),
  EASYPOST_BASE_URL: z.string().url().optional(),
  USER_POOL_ID: z.string().min(1).optional(),
  USER_POOL_CLIENT_ID: z.string().min(1).optional(),
  JWT_ISSUER: z.string().url().optional(),
  JWKS_URI: z.string().url().optional(),
  POWERTOOLS_SERVICE_NAME: z.string().default('consultant-desk'),
  /** Which payment processor the gateway uses (functions/payments/gateway.ts). */
  PAYMENT_PROCESSOR: z.enum(['sandbox']).default('sandbox'),
});

export type Config = z.infer<typeof schema>;

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
