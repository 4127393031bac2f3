/** Limits of a doc's fields (SPEC §3 "Wall"); the server refuses anything beyond them. */
export const docTitleLength = { minimum: 1, maximum: 200 } as const;
export const docDescriptionMaximum = 2000;
/** An emoji can be several code points (skin tones, ZWJ sequences, flags); this bounds the sequence. */
export const docEmojiMaximum = 16;
export const docPageSize = { default: 50, maximum: 100 } as const;

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
  imageNotInDoc: 'This image is not part of a shared doc.',
} as const;

/**
 * Close codes of the doc websocket (/collab/:docId). 4400-4499 tell the y-websocket provider not to
 * reconnect (the server decided; retrying cannot help); 4500 asks it to reconnect later.
 */
export const collabCloseCodes = {
  malformed: 4400,
  unauthenticated: 4401,
  accessRevoked: 4403,
  docDeleted: 4404,
  tooLarge: 4413,
  shuttingDown: 4500,
} as const;

/**
 * Extra y-websocket message types the server sends besides sync (0), awareness (1), auth (2) and
 * query-awareness (3). `saved`: varUint(100), varUint(n): the server has stored the first n
 * sync-step-2 and update messages this connection sent (persisted before they were applied or
 * broadcast), so the client can show "Saved" once n equals what it sent. `access`: varUint(101),
 * varUint(1 = read-write, 0 = read-only), sent once when the connection opens.
 */
export const collabMessageTypes = { saved: 100, access: 101 } as const;

/** Tiptap's Collaboration extension keeps the document in this XmlFragment unless configured otherwise. */
export const collabFragmentName = 'default';

/** The y-websocket room path of a doc: the provider connects to `${origin}${collabPath}/${docId}`. */
export const collabPath = '/collab';
