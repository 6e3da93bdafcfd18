import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The local stand-in for the KMS key of platform credentials (PLATFORM_CREDENTIALS_LOCAL_KEY): 32 random bytes,
 * base64. Kept in `file` when given, so credentials sealed before a restart still open after it; otherwise new per
 * cloud (tests).
 */
export function ensureCredentialsKey(file?: string): string {
  if (file && existsSync(file)) {
    const saved = readFileSync(file, 'utf8').trim();
    if (Buffer.from(saved, 'base64').length === 32) return saved;
  }
  const key = randomBytes(32).toString('base64');
  if (file) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${key}\n`, { mode: 0o600 });
  }
  return key;
}
