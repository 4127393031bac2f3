/**
 * Which guest this browser is in a room (localStorage `meetings.guest.<room>`): a guest who reloads the page is asked
 * about by id. Without it a signed-out page never asks the server who it is: an anonymous question is answered "No
 * access token", which the data client turns into a trip to the sign-in page.
 */
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
