import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { until } from './until.js';

interface StoredUser {
  Username: string;
  Attributes?: { Name: string; Value?: string }[];
  ConfirmationCode?: string;
  UserStatus?: string;
}

/**
 * cognito-local sends no email: it prints each code and keeps it on the user in its pool file. A test reads the
 * code there, as a person running the product locally reads the printed one (the sign-up screen tells them where).
 */
export async function storedUser(email: string): Promise<StoredUser | undefined> {
  const dir = process.env.TEST_COGNITO_DIR;
  const pool = process.env.TEST_USER_POOL_ID;
  if (!dir || !pool) throw new Error('TEST_COGNITO_DIR and TEST_USER_POOL_ID are set by the global setup');
  const text = await readFile(join(dir, '.cognito', 'db', `${pool}.json`), 'utf8').catch(() => '{}');
  const db = JSON.parse(text) as { Users?: Record<string, StoredUser> };
  return Object.values(db.Users ?? {}).find((u) => u.Attributes?.some((a) => a.Name === 'email' && a.Value === email));
}

/** The code cognito-local last issued to `email` (sign-up or forgot password), once it differs from `previous`. */
export async function confirmationCode(email: string, previous?: string): Promise<string> {
  return until(
    `a confirmation code for ${email}`,
    async () => {
      const code = (await storedUser(email))?.ConfirmationCode;
      return code && code !== previous ? code : undefined;
    },
    { timeoutMs: 10_000, intervalMs: 100 },
  );
}
