import { describe, expect, it } from 'vitest';
import { calendarPolicy, type EventSight } from './policies';

const sight = (overrides: Partial<EventSight> = {}): EventSight => ({
  authorId: 'ann',
  calendarOwnerId: null,
  imported: false,
  invited: false,
  response: null,
  ...overrides,
});

describe('calendarPolicy', () => {
  it('shows an event to its author and the invited only, an imported one to its calendar’s owner only', () => {
    expect(calendarPolicy.see(sight(), 'ann')).toBe(true);
    expect(calendarPolicy.see(sight(), 'bas')).toBe(false);
    expect(calendarPolicy.see(sight({ invited: true, response: 'rejected' }), 'bas')).toBe(true);
    expect(calendarPolicy.see(sight({ imported: true, calendarOwnerId: 'cleo', authorId: 'cleo' }), 'cleo')).toBe(true);
    expect(calendarPolicy.see(sight({ imported: true, calendarOwnerId: 'cleo', authorId: 'cleo', invited: true }), 'bas')).toBe(false);
    expect(calendarPolicy.see(sight({ imported: true, calendarOwnerId: null, authorId: 'cleo' }), 'cleo')).toBe(false);
  });

  it('lets the author (or the owner of an imported event) edit, never the invited', () => {
    expect(calendarPolicy.edit(sight(), 'ann')).toBe(true);
    expect(calendarPolicy.edit(sight({ invited: true }), 'bas')).toBe(false);
    expect(calendarPolicy.edit(sight({ imported: true, calendarOwnerId: 'cleo', authorId: 'ann' }), 'ann')).toBe(false);
    expect(calendarPolicy.edit(sight({ imported: true, calendarOwnerId: 'cleo', authorId: 'ann' }), 'cleo')).toBe(true);
  });

  it('opens each answer only where it makes sense', () => {
    const invited = sight({ invited: true, response: 'invited' });
    expect(calendarPolicy.respond(invited, 'bas', 'accept', false)).toBe(true);
    expect(calendarPolicy.respond(invited, 'bas', 'reject', false)).toBe(true);
    expect(calendarPolicy.respond(invited, 'bas', 'leave', false)).toBe(true);
    expect(calendarPolicy.respond(sight(), 'bas', 'accept', false)).toBe(false);
    expect(calendarPolicy.respond(sight(), 'bas', 'join', false)).toBe(false);
    expect(calendarPolicy.respond(sight(), 'bas', 'join', true)).toBe(true);
    expect(calendarPolicy.respond(sight(), 'ann', 'join', true)).toBe(false);
    expect(calendarPolicy.respond(sight(), 'ann', 'leave', false)).toBe(false);
    expect(calendarPolicy.respond(sight({ invited: true, response: 'rejected' }), 'bas', 'rejoin', false)).toBe(true);
    expect(calendarPolicy.respond(sight({ invited: true, response: 'accepted' }), 'bas', 'rejoin', false)).toBe(false);
    expect(calendarPolicy.respond(sight(), 'bas', 'rejoin', true)).toBe(true);
    expect(calendarPolicy.respond(sight(), 'bas', 'rejoin', false)).toBe(false);
    expect(calendarPolicy.respond(sight({ imported: true, calendarOwnerId: 'bas', invited: true }), 'bas', 'accept', false)).toBe(false);
  });
});
