import { describe, expect, it } from 'vitest';
import { matchesTyped, searchPagePath } from './paletteActions';

describe('narrowing the palette actions by what is typed', () => {
  it('keeps an action whose label has every typed word, in any case and order', () => {
    expect(matchesTyped('task new', 'New task')).toBe(true);
    expect(matchesTyped('  DARK ', 'Switch to dark mode')).toBe(true);
    expect(matchesTyped('', 'New doc')).toBe(true);
    expect(matchesTyped('new report', 'New task')).toBe(false);
  });

  it('matches keywords too', () => {
    expect(matchesTyped('switch', 'Acme', ['Switch team'])).toBe(true);
  });
});

describe('the search page address', () => {
  it('carries the trimmed query in the scope the palette was opened in', () => {
    expect(searchPagePath('overview', ' launch "plan" ')).toBe('/overview/search?q=launch+%22plan%22');
    expect(searchPagePath('65a1f0c2b3d4e5f6a7b8c9d0', '')).toBe('/65a1f0c2b3d4e5f6a7b8c9d0/search');
  });
});
