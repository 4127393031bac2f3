import { describe, expect, it } from 'vitest';
import {
  customUrlPattern,
  customUrlProblem,
  customUrlProblemMessages,
  isPermissionChange,
  isSpaceType,
  isTeamRole,
  normalizeCustomUrl,
} from './teams';

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

  it('keeps the shape apart from the length: the pattern alone takes a single letter or digit', () => {
    expect(customUrlPattern.test('a')).toBe(true);
    expect(customUrlPattern.test('7')).toBe(true);
    expect(customUrlPattern.test('-')).toBe(false);
  });

  // A team at one of these addresses would shadow the product's own pages and services.
  it.each([
    'admin',
    'api',
    'app',
    'assets',
    'auth',
    'chats',
    'dev',
    'docs',
    'graphql',
    'help',
    'healthz',
    'locales',
    'mail',
    'media',
    'meetingroom',
    'metrics',
    'mobile',
    'overview',
    'redirect',
    'share',
    'signin',
    'signup',
    'static',
    'status',
    'support',
    'www',
  ])('keeps %s for the product', (name) => {
    expect(customUrlProblem(name)).toBe('reserved');
  });

  it('says what is wrong in words', () => {
    expect(customUrlProblemMessages).toEqual({
      length: 'Use 3 to 48 characters for the team URL.',
      characters: 'Use only lowercase letters, digits and hyphens in the team URL, without a hyphen at either end.',
      reserved: 'This team URL is reserved. Choose another one.',
    });
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
    expect(isSpaceType('public')).toBe(true);
    expect(isSpaceType('private')).toBe(true);
    expect(isSpaceType('secret')).toBe(false);
  });
});
