import { describe, expect, it } from 'vitest';
import { customUrlProblem, isPermissionChange, isTeamRole, normalizeCustomUrl } from './teams';

describe('team custom URL', () => {
  it('accepts a lowercase slug of 3 to 48 letters, digits and hyphens', () => {
    expect(customUrlProblem('acme')).toBeNull();
    expect(customUrlProblem('acme-2024')).toBeNull();
    expect(customUrlProblem('a'.repeat(48))).toBeNull();
  });

  it('refuses the wrong length, other characters, edge hyphens and reserved names', () => {
    expect(customUrlProblem('ab')).toBe('length');
    expect(customUrlProblem('a'.repeat(49))).toBe('length');
    expect(customUrlProblem('acme_co')).toBe('characters');
    expect(customUrlProblem('-acme')).toBe('characters');
    expect(customUrlProblem('acme-')).toBe('characters');
    expect(customUrlProblem('Acme')).toBe('characters');
    expect(customUrlProblem('signin')).toBe('reserved');
  });

  it('normalises what a user types by trimming and lower-casing', () => {
    expect(normalizeCustomUrl('  ACME-Co ')).toBe('acme-co');
  });
});

describe('roles and permission changes', () => {
  it('knows the team roles and what setPermission accepts', () => {
    expect(isTeamRole('guest')).toBe(true);
    expect(isTeamRole('owner')).toBe(false);
    expect(isPermissionChange('refused')).toBe(true);
    expect(isPermissionChange('requested')).toBe(false);
  });
});
