import { describe, expect, it } from 'vitest';
import { draftKey, draftLifetimeMs, forgetDrafts, readDraft, writeDraft, type DraftStorage } from './drafts';

function memoryStorage(): DraftStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
    key: (index) => [...entries.keys()][index] ?? null,
    get length() {
      return entries.size;
    },
  };
}

describe('chat drafts', () => {
  it('keeps one draft per user and conversation, as it would be sent', () => {
    const storage = memoryStorage();
    writeDraft('ada', 'project:p1', 'Hi @[Grace Hopper](u2) see this', storage);
    writeDraft('ada', 'privat:c1', 'private words', storage);
    writeDraft('bob', 'project:p1', 'bob writes', storage);
    expect(readDraft('ada', 'project:p1', storage)).toBe('Hi @[Grace Hopper](u2) see this');
    expect(readDraft('ada', 'privat:c1', storage)).toBe('private words');
    expect(readDraft('bob', 'project:p1', storage)).toBe('bob writes');
    expect(readDraft('ada', 'task:t1', storage)).toBe('');
  });

  it('removes a draft when the text is cleared or sent', () => {
    const storage = memoryStorage();
    writeDraft('ada', 'project:p1', 'half a sentence', storage);
    writeDraft('ada', 'project:p1', '  ', storage);
    expect(storage.entries.has(draftKey('ada', 'project:p1'))).toBe(false);
    expect(readDraft('ada', 'project:p1', storage)).toBe('');
  });

  it('forgets every draft of a user on sign-out and only theirs', () => {
    const storage = memoryStorage();
    writeDraft('ada', 'project:p1', 'one', storage);
    writeDraft('ada', 'privat:c1', 'two', storage);
    writeDraft('adam', 'project:p1', 'not hers', storage);
    storage.setItem('chat.outbox', '[]');
    forgetDrafts('ada', storage);
    expect([...storage.entries.keys()].sort()).toEqual(['chat.draft:adam:project:p1', 'chat.outbox']);
  });

  it('drops an expired draft and ignores unreadable ones', () => {
    const storage = memoryStorage();
    writeDraft('ada', 'project:p1', 'old', storage, 0);
    expect(readDraft('ada', 'project:p1', storage, draftLifetimeMs + 1)).toBe('');
    expect(storage.entries.size).toBe(0);
    storage.setItem(draftKey('ada', 'project:p2'), 'not json');
    expect(readDraft('ada', 'project:p2', storage)).toBe('');
  });

  it('keeps nothing without a signed-in user or without storage', () => {
    const storage = memoryStorage();
    writeDraft(null, 'project:p1', 'lost', storage);
    expect(storage.entries.size).toBe(0);
    expect(readDraft('ada', 'project:p1', undefined)).toBe('');
  });
});
