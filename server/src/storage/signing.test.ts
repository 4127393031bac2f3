import { describe, expect, it } from 'vitest';
import { downloadSignatureParts, UrlSigner, uploadSignatureParts } from './signing';

const signer = new UrlSigner('a-test-secret-that-is-long-enough-for-hmac');
const now = Date.UTC(2026, 0, 1);
const expires = now / 1000 + 3600;

describe('signed URLs', () => {
  it('accepts its own signature until the expiry', () => {
    const parts = uploadSignatureParts('k/1', expires, 10, 'text/plain');
    expect(signer.verify(parts, expires, signer.sign(parts), now)).toBe('valid');
    expect(signer.verify(parts, expires, signer.sign(parts), (expires + 1) * 1000)).toBe('expired');
  });

  it('refuses a signature when the size, type, object or method changed', () => {
    const signature = signer.sign(uploadSignatureParts('k/1', expires, 10, 'text/plain'));
    expect(signer.verify(uploadSignatureParts('k/1', expires, 11, 'text/plain'), expires, signature, now)).toBe('invalid');
    expect(signer.verify(uploadSignatureParts('k/1', expires, 10, 'text/html'), expires, signature, now)).toBe('invalid');
    expect(signer.verify(uploadSignatureParts('k/2', expires, 10, 'text/plain'), expires, signature, now)).toBe('invalid');
    expect(signer.verify(downloadSignatureParts('k/1', expires), expires, signature, now)).toBe('invalid');
  });

  it('refuses a later expiry than the one signed, and garbage', () => {
    const signature = signer.sign(downloadSignatureParts('f', expires));
    expect(signer.verify(downloadSignatureParts('f', expires + 60), expires + 60, signature, now)).toBe('invalid');
    expect(signer.verify(downloadSignatureParts('f', expires), expires, 'nope', now)).toBe('invalid');
    expect(signer.verify(downloadSignatureParts('f', expires), expires, undefined, now)).toBe('invalid');
  });

  it('signs differently under another secret', () => {
    const parts = downloadSignatureParts('f', expires);
    expect(new UrlSigner('another-secret-that-is-long-enough-too').sign(parts)).not.toBe(signer.sign(parts));
  });
});
