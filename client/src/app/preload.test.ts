import { describe, expect, it, vi } from 'vitest';
import { currentTeamAtom, currentUserAtom } from '../features/auth/session';
import { choosePreferredCurrency, plansAtom, plansKey } from '../features/billing/atoms';
import { notificationFeedAtom, unreadNotificationsAtom } from '../features/notifications/atoms';
import { spacesAtom, spaceListAtom } from '../features/spaces/atoms';
import { RequestError, type GraphQLClient } from '../lib/graphql';
import { operationOf, type GraphQLDocument } from '../lib/graphqlDocument';
import { createAppStore } from '../lib/store';
import { delayedPreloads, runStartupPreload, scheduleDelayedPreloads, type PreloadScheduler } from './preload';

const user = { id: 'u1', email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', language: 'en', profileImg: null };
const team = { id: 't1', name: 'Analytical Engines', logo: null, url: null, role: null };

function fakeRequest(answers: Record<string, unknown>) {
  const calls: { operation: string; variables: unknown; silent: boolean | undefined }[] = [];
  const request = vi.fn(async (document: GraphQLDocument<unknown, never>, variables?: unknown, options?: { silent?: boolean }) => {
    const operation = operationOf(document);
    calls.push({ operation, variables, silent: options?.silent });
    const answer = answers[operation];
    if (answer instanceof Error) throw answer;
    if (answer === undefined) throw new RequestError('graphql', 'Cannot query field', operation);
    return { [operation]: answer };
  });
  return { request: request as unknown as GraphQLClient['request'], calls };
}

describe('start-up preload (SPEC §7)', () => {
  it('SPEC §7: loads the user and the team, silently, when a user cookie exists', async () => {
    const store = createAppStore();
    const { request, calls } = fakeRequest({ getUser: user, getTeam: team });
    await expect(runStartupPreload('/overview', true, { request, store, log: { error: vi.fn() } })).resolves.toBe(true);
    expect(calls.map((call) => call.operation).sort()).toEqual(['getTeam', 'getUser']);
    expect(calls.every((call) => call.silent)).toBe(true);
    expect(store.get(currentUserAtom)).toEqual(user);
    expect(store.get(currentTeamAtom)).toEqual(team);
  });

  it('SPEC §7: loads nothing without a user cookie', async () => {
    const { request, calls } = fakeRequest({});
    await expect(runStartupPreload('/signin', false, { request, store: createAppStore(), log: { error: vi.fn() } })).resolves.toBe(true);
    expect(calls).toEqual([]);
  });

  it('SPEC §2: a path containing meetingroom skips the preloading', async () => {
    const { request, calls } = fakeRequest({});
    await expect(runStartupPreload('/meetingroom/abc', true, { request, store: createAppStore(), log: { error: vi.fn() } })).resolves.toBe(
      true,
    );
    expect(calls).toEqual([]);
  });

  it('SPEC §7: a failure of the first group is logged and keeps the loading screen', async () => {
    const log = { error: vi.fn() };
    const { request } = fakeRequest({ getUser: new RequestError('network', 'offline', 'getUser'), getTeam: team });
    await expect(runStartupPreload('/overview', true, { request, store: createAppStore(), log })).resolves.toBe(false);
    expect(log.error).toHaveBeenCalled();
  });

  it('SPEC §2, §7: a project id in the path also loads that space, without holding the render on it', async () => {
    const store = createAppStore();
    const space = { id: '65a1f0c2b3d4e5f6a7b8c9d0', name: 'Design', color: '#5e6ad2', logo: null };
    const { request, calls } = fakeRequest({ getUser: user, getTeam: team, getProjectBasic: space });
    await expect(runStartupPreload(`/${space.id}/tasks`, true, { request, store, log: { error: vi.fn() } })).resolves.toBe(true);
    expect(calls.find((call) => call.operation === 'getProjectBasic')?.variables).toEqual({ id: space.id });
    await vi.waitFor(() => expect(store.get(spacesAtom).get(space.id)).toEqual(space));
  });

  it('SPEC §7: a failing space query does not keep the app from rendering', async () => {
    const { request } = fakeRequest({ getUser: user, getTeam: team });
    await expect(
      runStartupPreload('/65a1f0c2b3d4e5f6a7b8c9d0', true, { request, store: createAppStore(), log: { error: vi.fn() } }),
    ).resolves.toBe(true);
  });
});

describe('delayed preloads (SPEC §7, §9)', () => {
  function recordingScheduler(withIdleCallback: boolean) {
    const timers: { ms: number; callback: () => void }[] = [];
    const idle: { timeout: number; callback: () => void }[] = [];
    const scheduler: PreloadScheduler = {
      setTimeout: (callback, ms) => timers.push({ callback, ms }),
      ...(withIdleCallback
        ? { requestIdleCallback: (callback: () => void, options: { timeout: number }) => idle.push({ callback, timeout: options.timeout }) }
        : {}),
    };
    return { scheduler, timers, idle };
  }

  it('SPEC §9: waits for an idle callback with a 3000 ms timeout, then starts the group at 0, 100 and 200 ms', () => {
    const { scheduler, timers, idle } = recordingScheduler(true);
    const tasks = [vi.fn(async () => {}), vi.fn(async () => {}), vi.fn(async () => {})];
    scheduleDelayedPreloads(tasks, scheduler);
    expect(idle.map((entry) => entry.timeout)).toEqual([3000]);
    expect(timers).toEqual([]);
    idle[0]?.callback();
    expect(timers.map((timer) => timer.ms)).toEqual([0, 100, 200]);
    for (const timer of timers) timer.callback();
    for (const task of tasks) expect(task).toHaveBeenCalledTimes(1);
  });

  it('SPEC §9: without requestIdleCallback, waits 2000 ms instead', () => {
    const { scheduler, timers } = recordingScheduler(false);
    scheduleDelayedPreloads([vi.fn(async () => {})], scheduler);
    expect(timers.map((timer) => timer.ms)).toEqual([2000]);
    timers[0]?.callback();
    expect(timers.map((timer) => timer.ms)).toEqual([2000, 0]);
  });

  it('SPEC §7: a failing delayed preload is only logged, once', async () => {
    const { scheduler, timers, idle } = recordingScheduler(true);
    const log = { error: vi.fn() };
    const requestFailure = vi.fn(async () => Promise.reject(new RequestError('graphql', 'Cannot query field', 'getNotifications')));
    scheduleDelayedPreloads([async () => Promise.reject(new Error('not yet')), requestFailure], scheduler, log);
    idle[0]?.callback();
    for (const timer of timers) timer.callback();
    await vi.waitFor(() => expect(log.error).toHaveBeenCalledWith('[preload] delayed preload failed', expect.any(Error)));
    expect(requestFailure).toHaveBeenCalled();
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('SPEC §7: the group reads the spaces list, the plans (team, preferred currency, year, per seat), then the latest notifications', async () => {
    const store = createAppStore();
    store.set(currentTeamAtom, team);
    choosePreferredCurrency(store, 'eur');
    const plan = (id: string, order: number) => ({
      id,
      productId: `product-${id}`,
      name: id,
      description: '',
      payment: 'user',
      price: { id: `price-${id}`, nickname: id, currency: 'eur', unitAmount: order * 1000, interval: 'year', isUnlimited: false },
      action: 'upgrade',
      order,
      features: [],
      isCurrent: false,
      hasActiveSubscription: false,
    });
    const notification = {
      id: 'n1',
      type: 'MESSAGE_MENTION',
      description: 'Could you look at the login?',
      read: false,
      marked: false,
      author: { id: 'u2', firstname: 'Grace', lastname: 'Hopper', profileImg: null },
      project: 'p1',
      task: null,
      meetingroom: null,
      file: null,
      doc: null,
      event: null,
      message: 'm1',
      privat: null,
      createdAt: '2026-11-26T09:00:00.000Z',
    };
    const { request, calls } = fakeRequest({
      getProjects: [{ id: 'p1', name: 'Design', color: null, logo: null }],
      getNotifications: { notifications: [notification], unread: 3, hasMore: false },
      getTeamSubscriptions: [plan('business', 3), plan('basic', 1)],
    });
    const tasks = delayedPreloads({ request, store });
    for (const task of tasks) await task();
    expect(calls.map((call) => [call.operation, call.silent])).toEqual([
      ['getProjects', true],
      ['getTeamSubscriptions', true],
      ['getNotifications', true],
    ]);
    expect(calls[1]?.variables).toEqual({ team: team.id, currency: 'eur', frequency: 'year', payment: 'user' });
    expect(
      store
        .get(plansAtom)
        .get(plansKey(team.id, 'eur', 'yearly'))
        ?.map((kept) => kept.id),
    ).toEqual(['basic', 'business']);
    expect(calls[2]?.variables).toEqual({ first: 30, filter: 'all' });
    expect(store.get(spaceListAtom).map((space) => space.name)).toEqual(['Design']);
    expect(store.get(unreadNotificationsAtom)).toEqual({ teamId: team.id, count: 3 });
    expect(store.get(notificationFeedAtom)?.items.map((item) => item.id)).toEqual(['n1']);
  });
});
