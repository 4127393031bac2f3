/**
 * Close codes of the doc websocket added by its limits, beside shared/src/docs.ts's collabCloseCodes
 * (4400-4499 end the session for good in the y-websocket provider, others make it reconnect):
 * - 4429: too many attempts from this address (share secrets guessed, credentials refused), or a
 *   connection that kept sending faster than COLLAB_UPDATES_PER_SECOND after being slowed down;
 * - 4503: a reader that fell too far behind (more than WS_MAX_BUFFERED_BYTES waiting to be sent to it);
 *   its provider reconnects and catches up with one sync.
 */
export const collabLimitCloseCodes = {
  tooManyRequests: 4429,
  slowReader: 4503,
} as const;

/** The close reasons that go with them: fixed texts. */
export const collabLimitReasons = {
  tooManyAttempts: 'Too many attempts from your address. Try again later.',
  tooManyMessages: 'Too many edits too fast. Reload the page to continue.',
  slowReader: 'The connection fell behind. Reconnecting…',
} as const;
