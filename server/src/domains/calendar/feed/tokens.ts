import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A feed token: 32 random bytes (43 URL-safe characters), so it cannot be guessed. */
export const newFeedToken = () => randomBytes(32).toString('base64url');
export const feedTokenPattern = /^[A-Za-z0-9_-]{43}$/;
export const hashFeedToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/calendar/feed/${token}.ics`;

function rsvpMac(secret: string, eventId: string, email: string): Buffer {
  return createHmac('sha256', secret).update(`calendar-rsvp\n${eventId}\n${email.toLowerCase()}`).digest().subarray(0, 24);
}

/**
 * A guest's answer link token: the event id and the e-mail with an HMAC of both under the server secret, so
 * nothing is stored and a guest cannot answer for another address or event.
 */
export function rsvpToken(secret: string, eventId: string, email: string): string {
  const address = Buffer.from(email.toLowerCase()).toString('base64url');
  return `${eventId}.${address}.${rsvpMac(secret, eventId, email).toString('base64url')}`;
}

/** The event id and e-mail a token was made for, or null when it was not made with this secret. */
export function readRsvpToken(secret: string, token: string): { eventId: string; email: string } | null {
  if (token.length > 600) return null;
  const [eventId, address, mac, extra] = token.split('.');
  if (!eventId || !address || !mac || extra !== undefined || eventId.length > 64) return null;
  const email = Buffer.from(address, 'base64url').toString('utf8');
  // Compared as the canonical text, so no other spelling of the same bytes passes.
  const given = Buffer.from(`${address}.${mac}`);
  const expected = Buffer.from(`${Buffer.from(email).toString('base64url')}.${rsvpMac(secret, eventId, email).toString('base64url')}`);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { eventId, email } : null;
}
