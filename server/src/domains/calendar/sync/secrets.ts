import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../db/connection';
import { calendarAccountSecrets } from '../tables';

/**
 * A connected account's password or token, encrypted at rest with AES-256-GCM. The key is derived from the
 * server secret with HKDF (its own info string, so it is not the key of anything else the secret signs), and
 * the account id is the associated data: a cipher text copied to another account's row does not decrypt.
 */
const version = 'v1';

export function credentialKey(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'calendar-account-secrets', 'calendar account credential v1', 32));
}

export function encryptCredential(key: Buffer, accountId: string, credential: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(accountId));
  const cipherText = Buffer.concat([cipher.update(credential, 'utf8'), cipher.final()]);
  return `${version}:${Buffer.concat([iv, cipher.getAuthTag(), cipherText]).toString('base64url')}`;
}

/** The credential, or null when it cannot be decrypted (another server secret, a tampered row). */
export function decryptCredential(key: Buffer, accountId: string, stored: string): string | null {
  const [storedVersion, encoded] = stored.split(':');
  if (storedVersion !== version || !encoded) return null;
  const bytes = Buffer.from(encoded, 'base64url');
  if (bytes.length < 28) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(accountId));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export async function storeCredential(
  transaction: Transaction,
  key: Buffer,
  accountId: string,
  credential: string,
  now: string,
): Promise<void> {
  const cipherText = encryptCredential(key, accountId, credential);
  await transaction
    .insert(calendarAccountSecrets)
    .values({ accountId, cipherText, updatedAt: now })
    .onConflictDoUpdate({ target: calendarAccountSecrets.accountId, set: { cipherText, updatedAt: now } });
}

export async function readCredential(transaction: Pick<Transaction, 'select'>, key: Buffer, accountId: string): Promise<string | null> {
  const row = (await transaction.select().from(calendarAccountSecrets).where(eq(calendarAccountSecrets.accountId, accountId)).limit(1))[0];
  return row ? decryptCredential(key, accountId, row.cipherText) : null;
}

/** A removed account's credential is erased, not only made unreachable. */
export async function eraseCredential(transaction: Transaction, accountId: string): Promise<void> {
  await transaction.delete(calendarAccountSecrets).where(eq(calendarAccountSecrets.accountId, accountId));
}
