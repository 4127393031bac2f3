import { describe, expect, it } from 'vitest';
import { activeNavKey, navPath, primaryNav, resolveDashboardLocation, secondaryNav } from './areas';

const space = '65a1f0c2b3d4e5f6a7b8c9d0';

describe('dashboard locations (SPEC §2)', () => {
  it('SPEC §2: /overview alone is home across all spaces', () => {
    expect(resolveDashboardLocation('/overview', { project: 'overview' })).toEqual({ kind: 'area', scope: 'overview', area: 'home' });
  });

  it('SPEC §2: /:project/:category shows that area in that space', () => {
    expect(resolveDashboardLocation(`/${space}/tasks`, { project: space, category: 'tasks' })).toEqual({
      kind: 'area',
      scope: space,
      area: 'tasks',
    });
    expect(resolveDashboardLocation(`/${space}/docs/1/d/2`, { project: space, category: 'docs' })).toEqual({
      kind: 'area',
      scope: space,
      area: 'docs',
    });
  });

  it('SPEC §2: /chats is the chats screen', () => {
    expect(resolveDashboardLocation('/chats', {})).toEqual({ kind: 'chats', scope: 'overview' });
    expect(resolveDashboardLocation('/chats/42', {})).toEqual({ kind: 'chats', scope: 'overview' });
  });

  it('treats an unknown scope or category as not found', () => {
    expect(resolveDashboardLocation('/nope/tasks', { project: 'nope', category: 'tasks' }).kind).toBe('notFound');
    expect(resolveDashboardLocation('/overview/nope', { project: 'overview', category: 'nope' }).kind).toBe('notFound');
    expect(resolveDashboardLocation('/overview/home', { project: 'overview', category: 'home' }).kind).toBe('notFound');
  });

  it('SPEC §2: the sidebar lists every dashboard area once, messages and chats as one Chats entry, preferences, feedback and support last', () => {
    expect(primaryNav).toEqual([
      'home',
      'tasks',
      'media',
      'files',
      'stories',
      'docs',
      'meetings',
      'chats',
      'calendar',
      'reports',
      'search',
      'ai',
    ]);
    expect(secondaryNav).toEqual(['preferences', 'feedback', 'support']);
  });

  it('SPEC §2: /:project/messages is still a valid area (it redirects to the chats)', () => {
    expect(resolveDashboardLocation(`/${space}/messages`, { project: space, category: 'messages' })).toEqual({
      kind: 'area',
      scope: space,
      area: 'messages',
    });
    expect(activeNavKey({ kind: 'area', scope: space, area: 'messages' })).toBe('chats');
  });

  it('builds links that keep the current scope; in a space, Chats opens its channel', () => {
    expect(navPath('home', space)).toBe(`/${space}`);
    expect(navPath('tasks', 'overview')).toBe('/overview/tasks');
    expect(navPath('chats', space)).toBe(`/chats/${space}`);
    expect(navPath('chats', 'overview')).toBe('/chats');
    expect(navPath('messages', space)).toBe(`/chats/${space}`);
    expect(activeNavKey({ kind: 'area', scope: space, area: 'docs' })).toBe('docs');
    expect(activeNavKey({ kind: 'chats', scope: 'overview' })).toBe('chats');
  });
});
