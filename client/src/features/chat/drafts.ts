/**
 * Drafts of unsent messages, one per signed-in user and conversation, kept in localStorage (as Slack
 * does) so a reload or a closed tab loses nothing: written as the user types, read when the
 * conversation opens, removed when the message is sent or the text cleared, and all of a user's
 * removed when they sign out. The body is stored as it would be sent (mentions as @[Name](id)).
 */
const prefix = 'chat.draft:';

/** Drafts older than this are dropped when read: a forgotten half-sentence should not come back months later. */
export const draftLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/** The part of the browser's Storage the drafts use (a plain object in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const browserStorage = (): DraftStorage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage blocked (sandboxed frame, some private modes): drafts then live only while the page does.
    return undefined;
  }
};

const userPrefix = (user: string) => `${prefix}${encodeURIComponent(user)}:`;
export const draftKey = (user: string, conversation: string) => `${userPrefix(user)}${conversation}`;

interface StoredDraft {
  body: string;
  savedAt: number;
}

function isStoredDraft(value: unknown): value is StoredDraft {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as StoredDraft).body === 'string' &&
    typeof (value as StoredDraft).savedAt === 'number'
  );
}

/** The draft of a conversation, or '' when there is none (or it expired). */
export function readDraft(user: string | null, conversation: string, storage = browserStorage(), now = Date.now()): string {
  if (!user || !storage) return '';
  try {
    const stored: unknown = JSON.parse(storage.getItem(draftKey(user, conversation)) ?? 'null');
    if (!isStoredDraft(stored)) return '';
    if (now - stored.savedAt > draftLifetimeMs) {
      storage.removeItem(draftKey(user, conversation));
      return '';
    }
    return stored.body;
  } catch {
    return '';
  }
}

/** Keeps the text being written; an empty or blank one removes the draft. */
export function writeDraft(user: string | null, conversation: string, body: string, storage = browserStorage(), now = Date.now()): void {
  if (!user || !storage) return;
  try {
    if (body.trim() === '') storage.removeItem(draftKey(user, conversation));
    else storage.setItem(draftKey(user, conversation), JSON.stringify({ body, savedAt: now } satisfies StoredDraft));
  } catch {
    // Storage full or blocked: the draft stays in the open composer only.
  }
}

/** Removes every draft of a user (sign-out). */
export function forgetDrafts(user: string | null | undefined, storage = browserStorage()): void {
  if (!user || !storage) return;
  try {
    const mine = userPrefix(user);
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(mine)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // As above: nothing kept, nothing to remove.
  }
}
