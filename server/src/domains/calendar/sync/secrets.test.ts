import { describe, expect, it } from 'vitest';
import { credentialKey, decryptCredential, encryptCredential } from './secrets';

describe('calendar account credentials at rest', () => {
  const key = credentialKey('a server secret of at least thirty-two characters');

  it('round-trips and never stores the credential in clear', () => {
    const stored = encryptCredential(key, 'account-1', 'app-password-123');
    expect(stored).not.toContain('app-password-123');
    expect(stored.startsWith('v1:')).toBe(true);
    expect(decryptCredential(key, 'account-1', stored)).toBe('app-password-123');
    expect(encryptCredential(key, 'account-1', 'app-password-123')).not.toBe(stored);
  });

  it('refuses another account id, another server secret and a tampered cipher text', () => {
    const stored = encryptCredential(key, 'account-1', 'app-password-123');
    expect(decryptCredential(key, 'account-2', stored)).toBeNull();
    expect(decryptCredential(credentialKey('another server secret of thirty-two characters'), 'account-1', stored)).toBeNull();
    const bytes = Buffer.from(stored.slice(3), 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(decryptCredential(key, 'account-1', `v1:${bytes.toString('base64url')}`)).toBeNull();
    expect(decryptCredential(key, 'account-1', 'garbage')).toBeNull();
  });
});
