import { describe, expect, it } from 'vitest';
import { guardedLookup, isRefusedAddress, isRefusedHost } from './addressGuard';

describe('the CalDAV address guard', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a9fe:a9fe',
  ])('refuses %s', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '172.32.0.1', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])('lets %s through', (address) => {
    expect(isRefusedAddress(address)).toBe(false);
  });

  it('refuses metadata host names and IP literals before any lookup', () => {
    expect(isRefusedHost('metadata.google.internal')).toBe(true);
    expect(isRefusedHost('[::1]')).toBe(true);
    expect(isRefusedHost('169.254.169.254')).toBe(true);
    expect(isRefusedHost('calendar.example.com')).toBe(false);
  });

  it('refuses a name that resolves to loopback, unless private addresses are allowed', async () => {
    const resolve = (allow: boolean) =>
      new Promise<string>((done) =>
        guardedLookup(allow)('localhost', { family: 4 }, (error, address) =>
          done(error ? `error ${(error as NodeJS.ErrnoException).code}` : String(address)),
        ),
      );
    expect(await resolve(false)).toBe('error EADDRREFUSED');
    expect(await resolve(true)).toBe('127.0.0.1');
  });
});
