import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config, SECRET_SETTINGS, type SecretSettings, secretSettingsSchema } from '../config.js';
import { logger } from '../observability.js';

/** One client per container; only the functions that build a real processor, carrier or platform client use it. */
export const secretsManager = new SecretsManagerClient({ region: config.AWS_REGION });

/** The provider credentials secret cannot be used: the message names the problem and the secret, never a value. */
export class ProviderSecretError extends Error {
  override name = 'ProviderSecretError';
}

const FILL_IT = 'fill it as docs/deploy.md says';

let loaded: Promise<SecretSettings> | undefined;

/**
 * The secret settings (STRIPE_SECRET_KEY, EASYPOST_API_KEY, PLATFORM_CLIENT_SECRETS) merged over the configuration:
 * in AWS from the secret PROVIDER_CREDENTIALS_ARN names, read once per container; locally the environment's.
 * A failed read is not kept, so the next call tries again (a throttled or briefly denied read heals).
 */
export function secretSettings(): Promise<SecretSettings> {
  loaded ??= load().catch((err: unknown) => {
    loaded = undefined;
    throw err;
  });
  return loaded;
}

/**
 * A secret setting the configured provider cannot work without. Missing, it is an error in the logs and in the
 * call, never a quiet fall back to the sandbox: a deployment that chose Stripe must not pretend to charge.
 */
export async function requiredSecret<K extends 'STRIPE_SECRET_KEY' | 'EASYPOST_API_KEY'>(key: K): Promise<string> {
  const value = (await secretSettings())[key];
  if (value) return value;
  const where = config.PROVIDER_CREDENTIALS_ARN ? `the provider credentials secret ${config.PROVIDER_CREDENTIALS_ARN}` : 'the environment';
  const error = new ProviderSecretError(`${key} is missing from ${where}: ${FILL_IT}`);
  logger.error('provider credentials incomplete', { setting: key, error });
  throw error;
}

function fromConfig(): SecretSettings {
  return Object.fromEntries(SECRET_SETTINGS.map((key) => [key, config[key]])) as SecretSettings;
}

async function load(): Promise<SecretSettings> {
  const secretId = config.PROVIDER_CREDENTIALS_ARN;
  if (!secretId) return fromConfig();
  try {
    const { SecretString } = await secretsManager.send(new GetSecretValueCommand({ SecretId: secretId }));
    return { ...fromConfig(), ...parseSecret(SecretString) };
  } catch (err) {
    const error =
      err instanceof ProviderSecretError
        ? new ProviderSecretError(`The provider credentials secret ${secretId} ${err.message}: ${FILL_IT}`)
        : new ProviderSecretError(`The provider credentials secret ${secretId} could not be read (${(err as Error).name})`, { cause: err });
    logger.error('provider credentials secret unusable', { secretId, error });
    throw error;
  }
}

/**
 * The secret's text: a JSON object of the secret settings. PLATFORM_CLIENT_SECRETS may be an object or its JSON
 * text (the environment's form); an empty value is one the operator has not filled yet. Only the settings present
 * are returned, so the merge keeps the others. Messages never quote the text: it is the secret.
 */
export function parseSecret(text: string | undefined): Partial<SecretSettings> {
  if (!text) throw new ProviderSecretError('has no text value');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProviderSecretError('is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ProviderSecretError('is not a JSON object');

  const entries = Object.entries(value as Record<string, unknown>);
  const unknownKeys = entries.map(([key]) => key).filter((key) => !(SECRET_SETTINGS as readonly string[]).includes(key));
  if (unknownKeys.length > 0) logger.warn('provider credentials secret has keys no function reads', { keys: unknownKeys });
  const present = Object.fromEntries(
    entries
      .filter(([key, v]) => (SECRET_SETTINGS as readonly string[]).includes(key) && v !== '' && v !== null)
      .map(([key, v]) => [key, typeof v === 'object' ? JSON.stringify(v) : v]),
  );
  const parsed = secretSettingsSchema.partial().safeParse(present);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.')))].join(', ');
    throw new ProviderSecretError(`has invalid ${fields}`);
  }
  return Object.fromEntries(Object.keys(present).map((key) => [key, parsed.data[key as keyof SecretSettings]]));
}
