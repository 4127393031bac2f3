/** What the visibility rule knows of one event and one user. */
export interface EventSight {
  authorId: string;
  /** Set for an imported event: the owner of the synced calendar it came from. */
  calendarOwnerId: string | null;
  imported: boolean;
  /** The user is on the event's people list (any response). */
  invited: boolean;
  response: string | null;
}

export type ResponseAction = 'accept' | 'reject' | 'join' | 'rejoin' | 'leave';
export const responseActions: readonly ResponseAction[] = ['accept', 'reject', 'join', 'rejoin', 'leave'];

/**
 * Who may do what with calendar events (like a private calendar by default, as Google Calendar):
 * - an event made here is seen by its author and the members it invites, nobody else (not even team admins);
 * - an imported event (from a synced calendar) is seen and changed by the owner of that calendar only;
 * - the author changes an event made here (times, recurrence, invitations, delete); the invited answer for
 *   themselves only;
 * - join: a member who may use a meeting event's room (they hold its link) adds themselves; rejoin: back after
 *   leaving or rejecting; leave: off the lists (the author cannot leave their own event).
 */
export const calendarPolicy = {
  see: (sight: EventSight, userId: string): boolean =>
    sight.imported ? sight.calendarOwnerId === userId : sight.authorId === userId || sight.invited,
  edit: (sight: EventSight, userId: string): boolean => (sight.imported ? sight.calendarOwnerId === userId : sight.authorId === userId),
  /** Whether the action is open to the user; `mayUseRoom`: a meeting event whose room they may use. */
  respond(sight: EventSight, userId: string, action: ResponseAction, mayUseRoom: boolean): boolean {
    if (sight.imported) return false;
    const author = sight.authorId === userId;
    switch (action) {
      case 'accept':
      case 'reject':
        return sight.invited;
      case 'join':
        return !author && (sight.invited || mayUseRoom);
      case 'rejoin':
        return !author && ((sight.invited && sight.response !== 'accepted') || (!sight.invited && mayUseRoom));
      case 'leave':
        return sight.invited;
    }
  },
};
