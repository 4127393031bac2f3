import { describe, expect, it } from 'vitest';
import { activityPhrase, activityValue, type ActivityLookup } from './activityText';

const lookup: ActivityLookup = {
  section: (id) => ({ s1: 'To do', s2: 'Done' })[id],
  person: (id) => ({ u1: 'Ada Lovelace', u2: 'Alan Turing' })[id],
  tag: (id) => ({ g1: 'backend' })[id],
  task: (id) => ({ t1: 'Write the spec' })[id],
  priority: (priority) => priority.toUpperCase(),
  unit: (unit) => unit,
  unknown: 'something',
};

describe('task activity in words', () => {
  it('names sections, people, tags and priorities instead of ids', () => {
    expect(activityValue('stateId', 's2', lookup)).toBe('Done');
    expect(activityValue('assigneeIds', ['u1', 'u2'], lookup)).toBe('Ada Lovelace, Alan Turing');
    expect(activityValue('tagIds', ['g1', 'gone'], lookup)).toBe('backend, something');
    expect(activityValue('priority', 3, lookup)).toBe('URGENT');
    expect(activityValue('length', { amount: 2, unit: 'hours' }, lookup)).toBe('2 hours');
    expect(activityValue('parentTaskId', 't1', lookup)).toBe('Write the spec');
  });

  it('reads as changed, set or cleared, and does not quote long values', () => {
    expect(activityPhrase('stateId', 's1', 's2', lookup)).toEqual({ phrase: 'changed', from: 'To do', to: 'Done' });
    expect(activityPhrase('deadline', null, '2030-01-15', lookup)).toEqual({ phrase: 'set', from: '', to: '2030-01-15' });
    expect(activityPhrase('assigneeIds', ['u1'], [], lookup)).toEqual({ phrase: 'cleared', from: 'Ada Lovelace', to: '' });
    expect(activityPhrase('description', { type: 'doc' }, null, lookup).phrase).toBe('changedOnly');
  });
});
