import { useCallback, useEffect, useState } from 'react';
import { request } from '../../../lib/graphql';
import { useOnReconnect, useSubscription } from '../../../lib/subscriptions';
import { ediInvitedDocument, getInvitedDocument, subInvitedDocument, type Invited } from '../operations';

export type GuestDecision = 'admitted' | 'refused' | 'removed';

/** A room's guests for its members: read once, then kept current live (arrivals, admissions, removals). */
export function useRoomGuests(meetingroom: string, enabled: boolean) {
  const [guests, setGuests] = useState<readonly Invited[]>([]);

  const load = useCallback(() => {
    if (!enabled) return;
    request(getInvitedDocument, { meetingroom }, { silent: true })
      .then(({ getInvited }) => setGuests(getInvited))
      .catch(() => undefined);
  }, [meetingroom, enabled]);

  useEffect(load, [load]);
  useOnReconnect(load);
  useSubscription(
    subInvitedDocument,
    { meetingroom },
    ({ subInvited }) => {
      const changed = subInvited.invited;
      setGuests((current) => [changed, ...current.filter((guest) => guest.id !== changed.id)]);
    },
    { enabled, reload: load },
  );

  const decide = useCallback(async (id: string, state: GuestDecision) => {
    const { ediInvited } = await request(ediInvitedDocument, { id, state });
    setGuests((current) => current.map((guest) => (guest.id === ediInvited.id ? ediInvited : guest)));
  }, []);

  return { guests, decide };
}
