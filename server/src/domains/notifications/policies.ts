/**
 * Who may read and change a notification: only its person, and only in the team of their session (their
 * current team). Anything else is NOT_FOUND, so ids of other people's notifications cannot be probed.
 */
export const notificationPolicy = {
  own: (row: { userId: string; teamId: string }, viewer: { userId: string; teamId: string }): boolean =>
    row.userId === viewer.userId && row.teamId === viewer.teamId,
};
