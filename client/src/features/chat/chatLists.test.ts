import { describe, expect, it } from 'vitest';
import { callSummary, type CallEntryBody } from './callEntry';
import { spaceItem, type ListLabels } from './chatLists';

const labels: ListLabels = {
  you: 'You',
  unnamedGroup: 'Group',
  call: (entry: CallEntryBody | null) => (entry ? `call ${entry.outcome}` : 'a call'),
  standup: 'Standup',
};
const author = { id: 'u2', firstname: 'Grace', lastname: 'Hopper' };

describe('chat list previews', () => {
  it('show a call entry in words, never its JSON body', () => {
    const body = JSON.stringify({ videocall: 'v1', outcome: 'missed', durationMs: 0, startedBy: 'u2' });
    const item = spaceItem(
      {
        id: 's1',
        name: 'Launch',
        color: null,
        logo: null,
        lastMessage: { id: 'm1', body, type: 'call', createdAt: '2026-11-26T10:00:00.000Z', author },
      },
      'u1',
      labels,
    );
    expect(item.preview).toBe('Grace Hopper: call missed');
    const broken = spaceItem(
      {
        id: 's1',
        name: 'Launch',
        color: null,
        logo: null,
        lastMessage: { id: 'm2', body: 'not json', type: 'call', createdAt: '2026-11-26T10:00:00.000Z', author },
      },
      'u1',
      labels,
    );
    expect(broken.preview).toBe('Grace Hopper: a call');
  });

  it('show a standup entry by its name, never its JSON body', () => {
    const body = JSON.stringify({ project: 's1', date: '2026-11-27', members: [] });
    const item = spaceItem(
      {
        id: 's1',
        name: 'Launch',
        color: null,
        logo: null,
        lastMessage: { id: 'm3', body, type: 'standup', createdAt: '2026-11-27T09:00:00.000Z', author },
      },
      'u1',
      labels,
    );
    expect(item.preview).toBe('Grace Hopper: Standup');
  });

  it('summarise a call in the interface language', () => {
    const t = ((key: string, options?: { duration?: string }) => (options?.duration ? `${key} ${options.duration}` : key)) as never;
    expect(callSummary({ videocall: 'v1', outcome: 'made', durationMs: 125_000, startedBy: null }, t, 'en')).toBe('chat.call.made 2 min');
    expect(callSummary({ videocall: 'v1', outcome: 'cancelled', durationMs: 0, startedBy: null }, t, 'en')).toBe('chat.call.cancelled');
    expect(callSummary(null, t, 'en')).toBe('chat.call.unreadable');
  });
});
