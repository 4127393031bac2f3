/**
 * Start-up preloading (SPEC §7). Before the app renders: the user and the team, when a user
 * cookie exists and the path has no "meetingroom"; the space named in the path alongside,
 * without holding the render. Failure of the first group is logged and leaves the loading
 * screen up. Later, once the browser is idle, the delayed group runs at 0, 100 and 200 ms.
 * Every preload is silent: a failure is logged to the console, never toasted.
 *
 * SPEC §7's delayed group: the spaces list, the pricing query (getTeamSubscriptions with the team, the
 * preferred currency kept on the device, frequency year and payment user, which the plans page then
 * shows at once) and the latest notifications (their first page gives the bell its count).
 */
import { preload as preloadTiming } from '#shared/constants';
import { getTeamDocument, getUserDocument } from '../features/auth/operations';
import { currentTeamAtom, currentUserAtom } from '../features/auth/session';
import { preloadPlans } from '../features/billing/atoms';
import { preloadNotifications } from '../features/notifications/atoms';
import { storeSpacesAtom } from '../features/spaces/atoms';
import { getProjectBasicDocument, getProjectsDocument } from '../features/spaces/operations';
import { hasUserCookie } from '../lib/cookies';
import { request, RequestError, type GraphQLClient } from '../lib/graphql';
import { appStore, type AppStore } from '../lib/store';
import { projectIdFromPath, skipsPreload } from './routeRules';

export interface PreloadDependencies {
  request: GraphQLClient['request'];
  store: AppStore;
  log: Pick<Console, 'error'>;
}

/** Resolves true when the app may render; false (already logged) when the first group failed. */
export async function runStartupPreload(
  pathname: string,
  signedIn: boolean,
  { request, store, log }: PreloadDependencies,
): Promise<boolean> {
  if (!signedIn || skipsPreload(pathname)) return true;
  const projectId = projectIdFromPath(pathname);
  if (projectId) {
    request(getProjectBasicDocument, { id: projectId }, { silent: true })
      .then(({ getProjectBasic }) => {
        if (getProjectBasic) store.set(storeSpacesAtom, [getProjectBasic], { replaceList: false });
      })
      .catch(() => undefined);
  }
  try {
    const [user, team] = await Promise.all([
      request(getUserDocument, {}, { silent: true }),
      request(getTeamDocument, {}, { silent: true }),
    ]);
    store.set(currentUserAtom, user.getUser);
    store.set(currentTeamAtom, team.getTeam);
    return true;
  } catch (error) {
    log.error('[preload] start-up data could not be loaded; staying on the loading screen', error);
    return false;
  }
}

/** The delayed group, in start order: the spaces list, the plans, then the latest notifications (see the note at the top). */
export function delayedPreloads({ request, store }: Omit<PreloadDependencies, 'log'>): (() => Promise<void>)[] {
  return [
    async () => {
      const { getProjects } = await request(getProjectsDocument, {}, { silent: true });
      store.set(storeSpacesAtom, getProjects ?? [], { replaceList: true });
    },
    () => preloadPlans(request, store),
    () => preloadNotifications(request, store),
  ];
}

export interface PreloadScheduler {
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => unknown;
  setTimeout: (callback: () => void, ms: number) => unknown;
}

export function browserScheduler(): PreloadScheduler {
  return {
    requestIdleCallback:
      typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function'
        ? (callback, options) => window.requestIdleCallback(callback, options)
        : undefined,
    setTimeout: (callback, ms) => setTimeout(callback, ms),
  };
}

/**
 * After an idle callback (3000 ms timeout), or a 2000 ms timer where there is none, starts each
 * task at its offset. Request failures are already logged by the silent data client.
 */
export function scheduleDelayedPreloads(
  tasks: readonly (() => Promise<void>)[],
  scheduler: PreloadScheduler = browserScheduler(),
  log: Pick<Console, 'error'> = console,
): void {
  const offsets = preloadTiming.delayedPreloadOffsetsMs;
  const startAll = () => {
    tasks.forEach((task, index) => {
      scheduler.setTimeout(
        () => {
          task().catch((error: unknown) => {
            if (!(error instanceof RequestError)) log.error('[preload] delayed preload failed', error);
          });
        },
        offsets[Math.min(index, offsets.length - 1)] ?? 0,
      );
    });
  };
  if (scheduler.requestIdleCallback) scheduler.requestIdleCallback(startAll, { timeout: preloadTiming.idleTimeoutMs });
  else scheduler.setTimeout(startAll, preloadTiming.fallbackTimeoutMs);
}

/** Loads the user and team for the current page with the app's own client; used when the dashboard opens without them (after signing in). */
export function loadSession(store: AppStore = appStore): Promise<boolean> {
  return runStartupPreload(window.location.pathname, hasUserCookie(), { request, store, log: console });
}
