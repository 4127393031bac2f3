/**
 * Stream names of the log, one place for every area: a stream is one aggregate's history, and its
 * version is the optimistic-concurrency check of commands on it. The names are stored in the log
 * forever, never renamed.
 */
export const teamStream = (teamId: string) => `team:${teamId}`;
export const userStream = (userId: string) => `user:${userId}`;
export const spaceStream = (projectId: string) => `project:${projectId}`;
export const boardStream = (projectId: string) => `board:${projectId}`;
export const taskStream = (taskId: string) => `task:${taskId}`;
export const notificationStream = (userId: string) => `notifications:${userId}`;
export const chatStream = (conversation: string) => `chat:${conversation}`;
export const privatStream = (privatId: string) => `privat:${privatId}`;
export const readsStream = (userId: string) => `reads:${userId}`;
export const fileStream = (fileId: string) => `file:${fileId}`;
export const folderStream = (folderId: string) => `folder:${folderId}`;
/**
 * A space's folder tree, as a lock only (no events): creating, moving or deleting a folder, and placing a file in one,
 * decide on folders other than their own (a move must not make a loop, a deleted folder's contents move up), so they
 * take this lock before reading the tree (issue 21: units run at once on PostgreSQL).
 */
export const spaceFoldersStream = (projectId: string) => `spaceFolders:${projectId}`;
/**
 * A team's stored bytes, as a lock only (no events): every file recorded for the team changes what its quota check
 * reads, so recording one takes this lock before counting (issue 21: units run at once on PostgreSQL).
 */
/** A space's meeting room, as a lock only: two units asking for it at once make one room (the unique index backs it). */
export const spaceRoomStream = (projectId: string) => `spaceRoom:${projectId}`;
/**
 * A call place's calls (a room's, or a private chat's), as a lock only: joining decides whether a call is running and
 * how many are in it, leaving whether it ends, so both take it before reading (units run at once on PostgreSQL).
 */
export const callPlaceStream = (placeId: string) => `callPlace:${placeId}`;
export const teamStorageStream = (teamId: string) => `teamStorage:${teamId}`;
export const docStream = (docId: string) => `doc:${docId}`;

/** Meetings: room events go to `meetingroom:<id>`, guest events to `invited:<id>`, call events to `videocall:<id>`. */
export const meetingroomStream = (meetingroomId: string) => `meetingroom:${meetingroomId}`;
export const invitedStream = (invitedId: string) => `invited:${invitedId}`;
export const videocallStream = (videocallId: string) => `videocall:${videocallId}`;
/** One ring's stream: its ring, then its one end (appended with the version check, so many processes end it once). */
export const ringStream = (ringId: string) => `videocallRing:${ringId}`;

/** A team's billing history (plan changes, credits, invoices, codes redeemed): one stream per team. */
export const billingStream = (teamId: string) => `billing:${teamId}`;
/** A promotion code's definition, one stream per code. */
export const promotionCodeStream = (code: string) => `promotion-code:${code}`;
/** A person's contact-sales requests. */
export const salesStream = (userId: string) => `sales:${userId}`;

/**
 * Support: one stream per feedback sent, one per person's conversation with the support team. Support belongs to
 * the instance, not to a team, so its events carry no team (teamId null).
 */
export const feedbackStream = (feedbackId: string) => `feedback:${feedbackId}`;
export const supportThreadStream = (personId: string) => `support:${personId}`;

/** The log stream of one AI conversation: its creation, names, questions, answers and deletions. */
export const aiConversationStream = (conversationId: string) => `aiConversation:${conversationId}`;
/** One AI request's start and end (assistant or writing tool), for usage and limits. */
export const aiRequestStream = (requestId: string) => `aiRequest:${requestId}`;
/** A team's AI limits as its administrators set them. */
export const aiLimitsStream = (teamId: string) => `aiLimits:${teamId}`;

/** Every event of one calendar event (a single event or a whole series) goes to its own stream. */
export const calendarEventStream = (eventId: string) => `calendarEvent:${eventId}`;
/** Every event of one connected account (its calendars and remote objects too) goes to the account's stream. */
export const calendarAccountStream = (accountId: string) => `calendarAccount:${accountId}`;
/** A member's feeds of one team go to one stream, so a reset and a revoke never cross. */
export const calendarFeedStream = (teamId: string, userId: string) => `calendarFeed:${teamId}:${userId}`;
/** Each person's visits to Home, one stream per person; the name is stored in the log forever. */
export const homeVisitsStream = (userId: string) => `home:${userId}`;
/** A space's standup schedule and posts: one stream per space (the name is stored in the log forever). */
export const standupStream = (projectId: string) => `standup:${projectId}`;
