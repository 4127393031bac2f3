import { describe, expect, it } from 'vitest';
import { taskColors } from '#shared/tasks';
import { avatarPalette } from './Avatar';
import { contrastRatio, darkInitials, lightInitials, parseHexColor, readableTextOn } from './contrast';

describe('contrastRatio', () => {
  it('follows the WCAG 2.1 formula: black on white is 21:1, a colour on itself 1:1, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#5e6ad2', '#5e6ad2')).toBe(1);
  });

  it('gives the figures the accessibility audit measured', () => {
    expect(contrastRatio('#ffffff', '#d9730d')).toBeCloseTo(3.28, 2);
    expect(contrastRatio('#76767f', '#f7f7f8')).toBeCloseTo(4.2, 2);
    expect(contrastRatio('#ffffff', '#6873dc')).toBeCloseTo(4.14, 2);
  });

  it('refuses what is not a hex colour', () => {
    expect(parseHexColor('var(--color-accent)')).toBeUndefined();
    expect(parseHexColor('#12345')).toBeUndefined();
    expect(() => contrastRatio('red', '#ffffff')).toThrow(/not a hex colour: red/);
  });
});

describe('readableTextOn', () => {
  it('puts dark initials on light colours and white ones on dark colours', () => {
    expect(readableTextOn('#d9730d')).toBe(darkInitials);
    expect(readableTextOn('#f7f7f8')).toBe(darkInitials);
    expect(readableTextOn('#1a1a1f')).toBe(lightInitials);
    expect(readableTextOn('#5e6ad2')).toBe(lightInitials);
  });

  it('leaves a colour it cannot read to the theme', () => {
    expect(readableTextOn('var(--color-text-faint)')).toBe('var(--color-text)');
  });

  it('reaches 4.5:1 on any colour at all', () => {
    const steps = [0, 51, 102, 119, 136, 153, 170, 187, 204, 255];
    for (const red of steps)
      for (const green of steps)
        for (const blue of steps) {
          const color = `#${[red, green, blue].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
          expect(contrastRatio(readableTextOn(color), color), color).toBeGreaterThanOrEqual(4.5);
        }
  });

  it.each([...avatarPalette, ...taskColors])('reaches 4.5:1 on the avatar and space colour %s', (color) => {
    expect(contrastRatio(readableTextOn(color), color)).toBeGreaterThanOrEqual(4.5);
  });
});
