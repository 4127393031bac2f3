import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';

/**
 * An invitation link carries, beside the invitation id, a proof only the server can compute (an HMAC
 * of the id and the address under the server's secret). The id alone is not enough to prove the
 * address: admins see it in `Team.invited`. Whoever opens the mailed link has read the invitee's
 * mail, so signing up with the proof makes the account verified at once.
 */
export function invitationProof(secret: string, invitationId: string, email: string): string {
  return createHmac('sha256', secret).update(`workspace team invitation link\n${invitationId}\n${email}`).digest('base64url');
}

export function invitationProofMatches(secret: string, invitationId: string, email: string, presented: string | null | undefined): boolean {
  if (!presented) return false;
  const expected = Buffer.from(invitationProof(secret, invitationId, email));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `<PUBLIC_URL>/signup/user/i/<invitation>?email=…&token=…`: the SPEC §2 invitation sign-up route with its proof. */
export function invitationLink(config: Pick<Config, 'publicUrl' | 'secret'>, invitationId: string, email: string): string {
  const query = new URLSearchParams({ email, token: invitationProof(config.secret, invitationId, email) });
  return `${config.publicUrl}/signup/user/i/${invitationId}?${query.toString()}`;
}
