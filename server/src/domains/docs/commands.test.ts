import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors';
import { decideContentActivity, decideCreateDoc, decideDeleteDoc, decideEditDoc, decideSharing, type DocState } from './commands';
import { docTitle, parseDocArguments, parsePage } from './input';

const doc: DocState = {
  id: 'd1',
  projectId: 'p1',
  teamId: 't1',
  authorId: 'u1',
  title: 'Plan',
  emoji: null,
  cover: null,
  description: null,
  folderId: null,
  shared: false,
  shareToken: null,
};

describe('doc commands', () => {
  it('creates a doc at the top level with only a title', () => {
    expect(decideCreateDoc({ docId: 'd2', projectId: 'p1', teamId: 't1', fields: { title: 'Notes' } })).toEqual([
      {
        type: 'doc.created',
        payload: {
          docId: 'd2',
          projectId: 'p1',
          teamId: 't1',
          title: 'Notes',
          emoji: null,
          cover: null,
          description: null,
          folderId: null,
        },
      },
    ]);
  });

  it('records only the fields that change, with what they replaced', () => {
    expect(decideEditDoc(doc, { title: 'Plan', emoji: '📝' })).toEqual([
      { type: 'doc.edited', payload: { docId: 'd1', projectId: 'p1', changes: { emoji: '📝' }, previous: { emoji: null } } },
    ]);
    expect(decideEditDoc(doc, { title: 'Plan' })).toEqual([]);
  });

  it('mints a new link secret when sharing starts and revokes it when it stops; the same state again changes nothing', () => {
    expect(decideSharing(doc, true, () => 'secret')).toEqual([
      { type: 'doc.shared', payload: { docId: 'd1', projectId: 'p1', shareToken: 'secret' } },
    ]);
    expect(decideSharing({ ...doc, shared: true, shareToken: 'secret' }, false, () => 'x')).toEqual([
      { type: 'doc.unshared', payload: { docId: 'd1', projectId: 'p1' } },
    ]);
    expect(decideSharing(doc, false, () => 'x')).toEqual([]);
  });

  it('deletes an existing doc and refuses a missing one', () => {
    expect(decideDeleteDoc(doc)).toEqual([{ type: 'doc.deleted', payload: { docId: 'd1', projectId: 'p1', title: 'Plan' } }]);
    expect(() => decideDeleteDoc(null)).toThrow(DomainError);
  });

  it('records content activity only when there were edits, with its first and last edit and the newest row it covers', () => {
    const since = new Date('2026-01-01T00:00:00.000Z');
    const until = new Date('2026-01-01T00:00:20.000Z');
    expect(decideContentActivity(doc, 'u2', { updates: 3, since, until, throughId: 42 })).toEqual([
      {
        type: 'doc.updated',
        payload: {
          docId: 'd1',
          projectId: 'p1',
          userId: 'u2',
          updates: 3,
          since: since.toISOString(),
          until: until.toISOString(),
          throughId: 42,
        },
      },
    ]);
    expect(decideContentActivity(doc, 'u2', { updates: 0, since, until, throughId: 42 })).toEqual([]);
  });
});

describe('doc input', () => {
  it('refuses empty and overlong titles, trims the rest', () => {
    expect(() => docTitle('   ')).toThrow('Enter a title.');
    expect(() => docTitle('x'.repeat(10_000))).toThrow(/at most 200/);
    expect(docTitle('  Roadmap ')).toBe('Roadmap');
  });

  it('accepts emoji sequences and clears with null or "", refusing text, foreign images and bad folder ids', () => {
    expect(parseDocArguments({ emoji: '👩🏽‍💻' })).toEqual({ emoji: '👩🏽‍💻' });
    expect(parseDocArguments({ emoji: '🇫🇷', cover: '', description: null })).toEqual({ emoji: '🇫🇷', cover: null, description: null });
    expect(() => parseDocArguments({ emoji: 'hello' })).toThrow('Choose a single emoji.');
    expect(() => parseDocArguments({ emoji: '1' })).toThrow('Choose a single emoji.');
    expect(() => parseDocArguments({ cover: 'https://evil.example.com/x.png' })).toThrow(/uploaded image/);
    expect(() => parseDocArguments({ folder: 'not-an-id' })).toThrow(/folder/);
    expect(() => parseDocArguments({ description: 'x'.repeat(2001) })).toThrow(/2000/);
  });

  it('pages from 1 to 100 docs', () => {
    expect(parsePage(undefined, undefined)).toEqual({ limit: 50, offset: 0 });
    expect(() => parsePage(0, 0)).toThrow();
    expect(() => parsePage(101, 0)).toThrow();
    expect(() => parsePage(10, -1)).toThrow();
  });
});
