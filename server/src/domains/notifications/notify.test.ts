import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../core/events';
import type { UnitOfWork } from '../../core/commands';
import { line, notify } from './notify';

/** A unit of work that only records what is appended where. */
function recordingUnit() {
  const appended: { stream: string; events: readonly DomainEvent[]; teamId: string | null }[] = [];
  const unit = {
    append: (stream: string, events: readonly DomainEvent[], options: { teamId: string | null }) => {
      appended.push({ stream, events, teamId: options.teamId });
      return [];
    },
  } as unknown as UnitOfWork;
  return { unit, appended };
}

const notice = { type: 'NEW_FILE' as const, teamId: 'team', authorId: 'ann', description: 'T-1 Report: a.pdf', taskId: 'task' };

describe('notify', () => {
  it('tells each recipient once, in their own stream, never the author nor someone who cannot see the item', async () => {
    const { unit, appended } = recordingUnit();
    const told = await notify(unit, ['bas', 'ann', 'bas', 'cy', 'dee'], notice, (userId) => userId !== 'dee');
    expect(told).toEqual(['bas', 'cy']);
    expect(appended.map((entry) => entry.stream)).toEqual(['notifications:bas', 'notifications:cy']);
    expect(appended[0]!.teamId).toBe('team');
    const payload = appended[0]!.events[0]!.payload as Record<string, unknown>;
    expect(appended[0]!.events[0]!.type).toBe('notification.created');
    expect(payload).toMatchObject({ ...notice, userId: 'bas' });
    expect(payload.notificationId).toMatch(/^[0-9a-f]{24}$/);
    expect(payload.notificationId).not.toBe((appended[1]!.events[0]!.payload as Record<string, unknown>).notificationId);
  });

  it('tells nobody when nobody else may see it', async () => {
    const { unit, appended } = recordingUnit();
    expect(await notify(unit, ['ann'], notice, () => true)).toEqual([]);
    expect(await notify(unit, ['bas'], notice, () => false)).toEqual([]);
    expect(appended).toEqual([]);
  });
});

describe('line', () => {
  it('folds whitespace and cuts a long text to 140 characters', () => {
    expect(line('  Quarterly\n\n report  ')).toBe('Quarterly report');
    const long = line('x'.repeat(300));
    expect(long).toHaveLength(140);
    expect(long.endsWith('…')).toBe(true);
  });
});
