/**
 * Who may read and change an AI conversation and its messages: only its person, and only in the team of their
 * session (their current team). Anything else is NOT_FOUND, so ids of other people's conversations cannot be probed.
 */
export const aiConversationPolicy = {
  own: (row: { userId: string; teamId: string }, viewer: { userId: string; teamId: string }): boolean =>
    row.userId === viewer.userId && row.teamId === viewer.teamId,
};
