/**
 * Which guest this browser is in a room (localStorage `meetings.guest.<room>`): a guest who reloads the page is asked
 * about by id. Without it a signed-out page never asks the server who it is: an anonymous question is answered "No
 * access token", which the data client turns into a trip to the sign-in page.
 */
import { documentSource } from '../../../lib/graphqlDocument';
import { getInvitedDocument, type Invited } from '../operations';

const prefix = 'meetings.guest.';

export function rememberedGuest(
  meetingroom: string,
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): string | null {
  try {
    const value = storage?.getItem(prefix + meetingroom) ?? null;
    return value && /^[0-9a-f]{24}$/.test(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberGuest(
  meetingroom: string,
  invitedId: string,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(prefix + meetingroom, invitedId);
  } catch {
    // Blocked storage: a reload asks for the name again.
  }
}

export function forgetGuest(meetingroom: string, storage: Pick<Storage, 'removeItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.removeItem(prefix + meetingroom);
  } catch {
    // Nothing to forget.
  }
}

/** What the server says of this browser's guest pass in a room: it names the remembered guest, it does not, or no answer came. */
export type GuestPass = { kind: 'valid'; invited: Invited } | { kind: 'lost' } | { kind: 'unknown' };

/**
 * Asks the server whether this browser's guest cookie still names the guest it remembers in the room. Sent outside
 * the data client on purpose: without a valid cookie (expired after its week, cleared with the browser's data, or
 * replaced by joining another room as a guest) the answer is "No access token", which the data client would turn into
 * a trip to the sign-in page, where a guest has no account. Here it means the pass is lost, and the page says so.
 */
export async function askGuestPass(meetingroom: string, invitedId: string, send: typeof fetch = globalThis.fetch): Promise<GuestPass> {
  try {
    const response = await send('/graphql', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: documentSource(getInvitedDocument), variables: { meetingroom } }),
    });
    const result = (await response.json()) as { data?: { getInvited?: Invited[] } | null; errors?: { extensions?: { code?: string } }[] };
    const code = result.errors?.[0]?.extensions?.code;
    if (code === 'UNAUTHENTICATED' || code === 'NOT_FOUND') return { kind: 'lost' };
    const guests = result.data?.getInvited;
    if (!guests) return { kind: 'unknown' };
    const self = guests.find((invited) => invited.id === invitedId);
    return self ? { kind: 'valid', invited: self } : { kind: 'lost' };
  } catch {
    return { kind: 'unknown' };
  }
}
