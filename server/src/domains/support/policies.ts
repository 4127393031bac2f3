/**
 * Who may do what in support. Support belongs to the instance, not to a team: a person reads and writes only
 * their own conversation; the instance administrators (the support team) read every conversation, answer in it
 * and read the feedback. Anyone else's conversation is NOT_FOUND, so people's ids cannot be probed.
 */
export const supportPolicy = {
  readsThread: (viewer: SupportViewer, personId: string): boolean => viewer.userId === personId || viewer.supportTeam,
  readsInbox: (viewer: SupportViewer): boolean => viewer.supportTeam,
  readsFeedback: (viewer: SupportViewer): boolean => viewer.supportTeam,
  /** The side a reader of a conversation is on: its own person even when they administer the instance. */
  sideOf: (viewer: SupportViewer, personId: string): 'person' | 'support' => (viewer.userId === personId ? 'person' : 'support'),
};

export interface SupportViewer {
  userId: string;
  /** The viewer is an instance administrator. */
  supportTeam: boolean;
}
