// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deletionsAtom, deletionsOf } from '../../lib/deletions';
import { registerNavigator } from '../../lib/navigation';
import { createAppStore } from '../../lib/store';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { currentUserAtom, logout } from './session';

const me = { id: 'u1', email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', language: 'en', profileImg: null };

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('logout', () => {
  it('forgets the deletions the signed-out user saw, with the rest of their state', async () => {
    const store = createAppStore();
    store.set(currentUserAtom, me);
    deletionsOf(store, 'task').confirm('t1');
    deletionsOf(store, 'chat.message').begin('m1');
    mockGraphQL({ logout: () => ({ data: { logout: true } }) });
    const paths: string[] = [];
    const unregister = registerNavigator((path) => paths.push(path));
    await logout(store);
    unregister();
    expect(paths).toEqual(['/signin']);
    expect(store.get(currentUserAtom)).toBeNull();
    expect(store.get(deletionsAtom).size).toBe(0);
    expect(deletionsOf(store, 'task').has('t1')).toBe(false);
  });
});
