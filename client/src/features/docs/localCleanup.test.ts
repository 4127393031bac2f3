// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerNavigator } from '../../lib/navigation';
import { createAppStore } from '../../lib/store';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { currentUserAtom, logout } from '../auth/session';
import { applyDocChange, openWallAtom } from './atoms';
import { localDocName } from './collab/localDocs';
import { fakeDatabases } from './collab/fakeProvider';
import { deleteDoc } from './docsActions';
import { wall } from './fixtures';

const me = { id: 'u1', email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', language: 'en', profileImg: null };

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function signedIn() {
  const store = createAppStore();
  store.set(currentUserAtom, me);
  return store;
}

describe('what the device kept of docs goes', () => {
  it('on sign-out: every doc database of the user', async () => {
    const databases = fakeDatabases([localDocName('u1', 'd1'), localDocName('u1', 'd2'), localDocName('u2', 'd1')]);
    vi.stubGlobal('indexedDB', databases);
    mockGraphQL({ logout: () => ({ data: { logout: true } }) });
    const paths: string[] = [];
    const unregister = registerNavigator((path) => paths.push(path));
    await logout(signedIn());
    unregister();
    await vi.waitFor(() => expect(databases.names).toEqual([localDocName('u2', 'd1')]));
    expect(paths).toEqual(['/signin']);
  });

  it('when the member deletes the doc, and when it is deleted live', async () => {
    const databases = fakeDatabases([localDocName('u1', 'd1'), localDocName('u1', 'd2'), localDocName('u1', 'd3')]);
    vi.stubGlobal('indexedDB', databases);
    mockGraphQL({ delWorkspace: () => ({ data: { delWorkspace: true } }) });
    const store = signedIn();
    expect(await deleteDoc(store, wall({ id: 'd1', title: 'Plan' }))).toBe(true);
    expect(databases.names).toEqual([localDocName('u1', 'd2'), localDocName('u1', 'd3')]);
    store.set(openWallAtom, { id: 'd2', wall: wall({ id: 'd2', title: 'Notes' }), status: 'ready', deleted: false });
    applyDocChange(store, { type: 'deleted', seq: 1, project: 'p1', docId: 'd2', doc: null, userId: 'u2' });
    expect(store.get(openWallAtom).deleted).toBe(true);
    expect(databases.names).toEqual([localDocName('u1', 'd3')]);
  });

  it('not when the server refuses the deletion', async () => {
    const databases = fakeDatabases([localDocName('u1', 'd1')]);
    vi.stubGlobal('indexedDB', databases);
    mockGraphQL({ delWorkspace: () => ({ errors: [{ message: 'No.', extensions: { code: 'FORBIDDEN' } }] }) });
    expect(await deleteDoc(signedIn(), wall({ id: 'd1', title: 'Plan' }))).toBe(false);
    expect(databases.names).toEqual([localDocName('u1', 'd1')]);
  });
});
