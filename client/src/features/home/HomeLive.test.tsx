// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { createAppStore } from '../../lib/store';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import { currentUserAtom } from '../auth/session';
import { storeSpacesAtom, type SpaceSummary } from '../spaces/atoms';
import type { HomeDoc, HomeFile } from './operations';
import HomePage from './HomePage';

/** Every running subscription of the page, with its variables, so a test delivers a change to one space's. */
const live = vi.hoisted(() => ({
  running: [] as { operation: string; variables: Record<string, unknown>; next: () => void; reload: () => void }[],
}));

vi.mock('../../lib/subscriptions', async () => {
  const { useEffect, useRef } = await import('react');
  const { operationOf } = await import('../../lib/graphqlDocument');
  return {
    useOnReconnect: () => undefined,
    useSubscription: (
      document: Parameters<typeof operationOf>[0],
      variables: Record<string, unknown>,
      onNext: (data: unknown) => void,
      options: { reload?: () => void } = {},
    ) => {
      const latest = useRef({ onNext, reload: options.reload });
      useEffect(() => {
        latest.current = { onNext, reload: options.reload };
      });
      const key = JSON.stringify(variables);
      useEffect(() => {
        const entry = {
          operation: operationOf(document),
          variables: JSON.parse(key) as Record<string, unknown>,
          next: () => latest.current.onNext({}),
          reload: () => latest.current.reload?.(),
        };
        live.running.push(entry);
        return () => {
          live.running.splice(live.running.indexOf(entry), 1);
        };
      }, [document, key]);
    },
  };
});

const engines = '65a1f0c2b3d4e5f6a7b8c9d0';
const looms = '65a1f0c2b3d4e5f6a7b8c9d1';
const routes = [{ path: ':project/:category?/:id?/:id2?', element: <HomePage /> }];

const space = (id: string, name: string): SpaceSummary => ({
  id,
  name,
  color: '#5e6ad2',
  logo: null,
  isMember: true,
  unread: 0,
  lastMessage: null,
});
const doc = (id: string, title: string, updatedAt: string, project: string): HomeDoc => ({
  id,
  title,
  emoji: null,
  folder: null,
  project,
  updatedAt,
});
const file = (id: string, name: string, createdAt: string, project: string): HomeFile => ({
  id,
  name,
  type: 'application/pdf',
  category: 'Pdf',
  project,
  task: null,
  createdAt,
});

/** Delivers one live change to the subscription `operation` of `project`. */
function deliver(operation: string, project: string, how: 'next' | 'reload' = 'next') {
  const subscription = live.running.find((entry) => entry.operation === operation && entry.variables.project === project);
  if (!subscription) throw new Error(`no ${operation} for ${project}`);
  act(() => subscription[how]());
}

/** A space's docs and files as the server has them now; the handlers answer from it, so a test changes it, then delivers. */
function serverState() {
  const docs = new Map<string, HomeDoc[]>([
    [engines, [doc('d1', 'Roadmap', '2025-03-01T10:00:00.000Z', engines)]],
    [looms, []],
  ]);
  const files = new Map<string, HomeFile[]>([
    [engines, [file('f1', 'budget.pdf', '2025-03-01T10:00:00.000Z', engines)]],
    [looms, []],
  ]);
  const byAlias = (variables: Record<string, unknown>, prefix: string, read: (project: string) => unknown) =>
    Object.fromEntries(Object.entries(variables).map(([name, project]) => [name.replace('project', prefix), read(String(project))]));
  return {
    docs,
    files,
    handlers: {
      getTasks: () => ({ data: { getTasks: [] } }),
      getWalls: (variables: Record<string, unknown>) => ({
        data: byAlias(variables, 'docs', (project) => ({ walls: docs.get(project) ?? [] })),
      }),
      getFiles: (variables: Record<string, unknown>) => ({ data: byAlias(variables, 'files', (project) => files.get(project) ?? []) }),
      getProjectBasic: () => ({ data: { getProjectBasic: { id: engines, users: [] } } }),
    },
  };
}

function open(path: string, handlers: Parameters<typeof mockGraphQL>[0]) {
  const store = createAppStore();
  store.set(currentUserAtom, {
    id: 'u1',
    email: 'ada@example.com',
    firstname: 'Ada',
    lastname: 'Lovelace',
    language: 'en',
    profileImg: null,
  });
  store.set(storeSpacesAtom, [space(engines, 'Engines'), space(looms, 'Looms')], { replaceList: true });
  const graphql = mockGraphQL(handlers);
  renderRoute(path, routes, store);
  return graphql;
}

beforeAll(async () => {
  await setupAppI18n();
});
beforeEach(() => {
  live.running.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Home’s docs and files, live', () => {
  it('listens to each space’s docs and files through the docs and files areas’ own subscriptions', async () => {
    const { handlers } = serverState();
    open('/overview', handlers);
    await within(await screen.findByRole('region', { name: 'Recent docs' })).findByText('Roadmap');
    await waitFor(() =>
      expect(live.running.filter((entry) => entry.operation === 'subDoc' || entry.operation === 'subFile')).toHaveLength(4),
    );
    const watched = (operation: string) =>
      live.running
        .filter((entry) => entry.operation === operation)
        .map((entry) => entry.variables.project)
        .sort();
    expect(watched('subDoc')).toEqual([engines, looms]);
    expect(watched('subFile')).toEqual([engines, looms]);
  });

  it('shows a doc added, renamed or deleted in one of my spaces without a reload', async () => {
    const { handlers, docs } = serverState();
    open('/overview', handlers);
    const card = await screen.findByRole('region', { name: 'Recent docs' });
    await within(card).findByText('Roadmap');

    docs.set(looms, [doc('d2', 'Minutes', '2025-03-02T10:00:00.000Z', looms)]);
    deliver('subDoc', looms);
    expect(await within(card).findByText('Minutes')).toBeTruthy();

    docs.set(looms, [doc('d2', 'Minutes of March', '2025-03-03T10:00:00.000Z', looms)]);
    deliver('subDoc', looms);
    expect(await within(card).findByText('Minutes of March')).toBeTruthy();

    docs.set(engines, []);
    deliver('subDoc', engines);
    await waitFor(() => expect(within(card).queryByText('Roadmap')).toBeNull());
    expect(within(card).getByText('Minutes of March')).toBeTruthy();
  });

  it('shows a file added or deleted in one of my spaces without a reload, and reads again when a change may have been missed', async () => {
    const { handlers, files } = serverState();
    open('/overview', handlers);
    const card = await screen.findByRole('region', { name: 'Recent files' });
    await within(card).findByText('budget.pdf');

    files.set(looms, [file('f2', 'minutes.pdf', '2025-03-02T10:00:00.000Z', looms)]);
    deliver('subFile', looms);
    expect(await within(card).findByText('minutes.pdf')).toBeTruthy();

    files.set(engines, []);
    deliver('subFile', engines, 'reload');
    await waitFor(() => expect(within(card).queryByText('budget.pdf')).toBeNull());
  });

  it('reads once more after a burst of changes, not once per change', async () => {
    const { handlers, files } = serverState();
    let release: () => void = () => undefined;
    let held = false;
    const graphql = open('/overview', {
      ...handlers,
      getFiles: async (variables) => {
        if (held) await new Promise<void>((resolve) => (release = resolve));
        return handlers.getFiles(variables);
      },
    });
    const card = await screen.findByRole('region', { name: 'Recent files' });
    await within(card).findByText('budget.pdf');
    const readsBefore = graphql.callsOf('getFiles').length;

    held = true;
    files.set(looms, [file('f2', 'one.pdf', '2025-03-02T10:00:00.000Z', looms)]);
    deliver('subFile', looms);
    await waitFor(() => expect(graphql.callsOf('getFiles')).toHaveLength(readsBefore + 1));
    // Four more uploads land while that read is on its way.
    for (const name of ['two.pdf', 'three.pdf', 'four.pdf', 'five.pdf']) {
      files.set(looms, [file(name, name, '2025-03-03T10:00:00.000Z', looms), ...files.get(looms)!]);
      deliver('subFile', looms);
    }
    held = false;
    act(() => release());
    expect(await within(card).findByText('five.pdf')).toBeTruthy();
    // The held read already answers with five.pdf; the one more read follows it (not one per upload).
    await waitFor(() => expect(graphql.callsOf('getFiles')).toHaveLength(readsBefore + 2));
  });
});

describe('a space home’s docs and files, live', () => {
  it('follows its own space’s doc and file changes', async () => {
    const { handlers, docs, files } = serverState();
    open(`/${engines}`, handlers);
    const docsCard = await screen.findByRole('region', { name: 'Recent docs' });
    const filesCard = screen.getByRole('region', { name: 'Recent files' });
    await within(docsCard).findByText('Roadmap');
    await within(filesCard).findByText('budget.pdf');
    expect(live.running.filter((entry) => entry.operation === 'subDoc').map((entry) => entry.variables)).toEqual([{ project: engines }]);

    docs.set(engines, [doc('d1', 'Roadmap 2026', '2025-03-04T10:00:00.000Z', engines)]);
    deliver('subDoc', engines);
    expect(await within(docsCard).findByText('Roadmap 2026')).toBeTruthy();

    files.set(engines, []);
    deliver('subFile', engines);
    expect(await within(filesCard).findByText('No files in this space yet.')).toBeTruthy();
  });
});
