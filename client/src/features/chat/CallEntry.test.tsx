// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { CallEntry } from './CallEntry';
import { formatCallDuration, parseCallEntry } from './callEntry';

const names: Record<string, string> = { ada: 'Ada Lovelace', grace: 'Grace Hopper' };
const nameOf = (id: string) => names[id] ?? 'Someone';

function entry(body: unknown) {
  return { id: 'm1', body: JSON.stringify(body), createdAt: '2026-11-20T14:05:00.000Z' };
}

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(cleanup);

describe('parseCallEntry', () => {
  it('reads the server’s JSON and refuses anything else', () => {
    expect(parseCallEntry(JSON.stringify({ videocall: 'v1', outcome: 'made', durationMs: 754000, startedBy: 'ada' }))).toEqual({
      videocall: 'v1',
      outcome: 'made',
      durationMs: 754000,
      startedBy: 'ada',
      notes: null,
    });
    expect(parseCallEntry('**not json**')).toBeNull();
    expect(parseCallEntry(JSON.stringify({ videocall: 'v1', outcome: 'exploded', durationMs: 0 }))).toBeNull();
    expect(parseCallEntry(JSON.stringify({ videocall: 'v1', outcome: 'missed', durationMs: -5, startedBy: null }))?.durationMs).toBe(0);
  });
});

describe('formatCallDuration', () => {
  it('says seconds, minutes, or hours and minutes', () => {
    expect(formatCallDuration(45_000, 'en')).toBe('45 sec');
    expect(formatCallDuration(12 * 60_000 + 10_000, 'en')).toBe('12 min');
    expect(formatCallDuration(65 * 60_000, 'en')).toBe('1 hr 5 min');
    expect(formatCallDuration(120 * 60_000, 'en')).toBe('2 hr');
  });
});

describe('CallEntry', () => {
  it('shows a made call with its length and who started it, not its JSON', () => {
    render(
      <CallEntry
        message={entry({ videocall: 'v1', outcome: 'made', durationMs: 12 * 60_000, startedBy: 'ada' })}
        me="grace"
        nameOf={nameOf}
      />,
    );
    const card = screen.getByRole('article', { name: /Call · 12 min, started by Ada Lovelace at/ });
    expect(card.textContent).toContain('Call · 12 min');
    expect(card.textContent).toContain('Started by Ada Lovelace');
    expect(card.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-20T14:05:00.000Z');
    expect(card.textContent).not.toContain('videocall');
  });

  it('shows a missed call and says "You" when the reader called', () => {
    render(
      <CallEntry message={entry({ videocall: 'v1', outcome: 'missed', durationMs: 0, startedBy: 'grace' })} me="grace" nameOf={nameOf} />,
    );
    const card = screen.getByRole('article', { name: /Missed call, started by You/ });
    expect(card.textContent).toContain('Started by You');
  });

  it('shows a cancelled call without a caller when none is known', () => {
    render(
      <CallEntry message={entry({ videocall: 'v1', outcome: 'cancelled', durationMs: 0, startedBy: null })} me="grace" nameOf={nameOf} />,
    );
    const card = screen.getByRole('article', { name: /^Cancelled call at/ });
    expect(card.textContent).not.toContain('Started by');
  });

  it('shows a neutral line for a body it cannot read', () => {
    render(<CallEntry message={{ id: 'm1', body: 'garbage', createdAt: '2026-11-20T14:05:00.000Z' }} me={null} nameOf={nameOf} />);
    expect(screen.getByText('A call took place here.').tagName).toBe('P');
    expect(screen.queryByText('garbage')).toBeNull();
  });

  it("links the room's notes when the call's room had them, and nothing for a body without a usable link", () => {
    const body = { videocall: 'v1', outcome: 'made', durationMs: 60_000, startedBy: 'ada' };
    renderWithStore(<CallEntry message={entry({ ...body, notes: { doc: 'room-1', project: 'space-1' } })} me="grace" nameOf={nameOf} />);
    const link = screen.getByRole('link', { name: 'Notes' });
    expect(link.getAttribute('href')).toBe('/space-1/docs/d/room-1');
    expect(link.getAttribute('title')).toBe('Open the notes taken in this room');
    cleanup();
    expect(parseCallEntry(JSON.stringify({ ...body, notes: { doc: 'room-1' } }))?.notes).toBeNull();
    render(<CallEntry message={entry(body)} me="grace" nameOf={nameOf} />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
