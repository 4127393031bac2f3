/** Limits of a doc's fields (SPEC §3 "Wall"); the server refuses anything beyond them. */
export const docTitleLength = { minimum: 1, maximum: 200 } as const;
export const docDescriptionMaximum = 2000;
/** An emoji can be several code points (skin tones, ZWJ sequences, flags); this bounds the sequence. */
export const docEmojiMaximum = 16;
export const docPageSize = { default: 50, maximum: 100 } as const;
/**
 * getWalls' orders: most recently updated first (the default), by title (A to Z, case-insensitive)
 * or newest first; ties go by id, so pages never overlap or skip.
 */
export const docSorts = ['updated', 'title', 'created'] as const;
export type DocSort = (typeof docSorts)[number];
/** getWalls' `folder` for the space's top level (docs in no folder), as the files area's lists. */
export const docRootFolder = 'root';

/** Messages of the docs area; the client translates by code and falls back to these. */
export const docMessages = {
  titleRequired: 'Enter a title.',
  titleTooLong: `Use at most ${docTitleLength.maximum} characters for the title.`,
  descriptionTooLong: `Use at most ${docDescriptionMaximum} characters for the description.`,
  emojiInvalid: 'Choose a single emoji.',
  coverNotAllowed: 'Use an uploaded image or a suggested cover.',
  folderNotFound: 'This folder does not exist in this space, or it is not a folder for docs.',
  docNotFound: 'This doc does not exist, or you do not have access to it.',
  notShared: 'This doc is not shared.',
  pageInvalid: `Ask for 1 to ${docPageSize.maximum} docs from an offset of 0 or more.`,
  sortInvalid: `Sort by ${docSorts.join(', ')}.`,
  imageNotInDoc: 'This image is not part of a shared doc.',
} as const;

/**
 * Close codes of the doc websocket (/collab/:docId). 4400-4499 tell the y-websocket provider not to
 * reconnect (the server decided; retrying cannot help); 4500 asks it to reconnect later. A refused
 * connection is upgraded and then closed at once with 4401 (no valid credentials) or 4404 (no such
 * doc, or out of sight), before anything of the doc is sent; an open one is closed with 4403 when
 * its access is revoked and 4404 when the doc is deleted. Only a bad Origin is refused before the
 * upgrade (HTTP 403).
 */
export const collabCloseCodes = {
  malformed: 4400,
  unauthenticated: 4401,
  accessRevoked: 4403,
  /** The doc was deleted, or (at connection) it does not exist or is out of sight. */
  docDeleted: 4404,
  tooLarge: 4413,
  shuttingDown: 4500,
} as const;

/** Whether a close code ends a doc session for good (4400-4499): the provider must not reconnect. */
export const isTerminalCloseCode = (code: number) => code >= 4400 && code < 4500;

/**
 * Extra y-websocket message types the server sends besides sync (0), awareness (1), auth (2) and
 * query-awareness (3). `saved`: varUint(100), varUint(n): the server has stored the first n
 * sync-step-2 and update messages this connection sent (durably; the other editors may see them
 * sooner), so the client can show "Saved" once n equals what it sent. `access`: varUint(101),
 * varUint(1 = read-write, 0 = read-only), sent once when the connection opens.
 */
export const collabMessageTypes = { saved: 100, access: 101 } as const;

/** Tiptap's Collaboration extension keeps the document in this XmlFragment unless configured otherwise. */
export const collabFragmentName = 'default';

/** The y-websocket room path of a doc: the provider connects to `${origin}${collabPath}/${docId}`. */
export const collabPath = '/collab';
