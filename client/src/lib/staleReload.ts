/**
 * Stale-page recovery (SPEC §4, §8). After a deploy, an open tab may ask for code chunks that
 * no longer exist. Such a failure is retried once after 1 s; if it fails again the page reloads,
 * once per session: the session-storage flag `app-reload-attempted` is set before reloading,
 * read into memory and cleared on the next page load. A further occurrence in that session is
 * logged and not reloaded again: it reaches the error screen, whose "Reload" button leaves the
 * choice to the user (no reload loop).
 */
import { sleep } from './browser';

export const reloadFlagKey = 'app-reload-attempted';
export const importRetryDelayMs = 1000;
/** How long a reload may take before the page shows its error screen instead (a cancelled reload). */
export const reloadGraceMs = 8000;

const dynamicImportMessages = [
  'Failed to fetch dynamically imported module',
  'Importing a module script failed',
  'error loading dynamically imported module',
];

function errorMessageOf(error: unknown): string | undefined {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return undefined;
}

export function isDynamicImportError(error: unknown): boolean {
  const message = errorMessageOf(error);
  return message !== undefined && dynamicImportMessages.some((text) => message.includes(text));
}

export interface StaleReloadDependencies {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  reload: () => void;
  sleep: (ms: number) => Promise<void>;
  log: Pick<Console, 'warn'>;
}

export function createStaleReload(dependencies: StaleReloadDependencies) {
  let reloadedThisSession = false;
  let reloading = false;

  /** Call once at start-up, before any lazy page loads. */
  function init(): void {
    try {
      reloadedThisSession = dependencies.storage?.getItem(reloadFlagKey) != null;
      dependencies.storage?.removeItem(reloadFlagKey);
    } catch {
      reloadedThisSession = false;
    }
  }

  /**
   * While the page reloads nothing should render; if the reload never happens (a "leave page?"
   * prompt cancelled it), the error surfaces after a while so the error screen offers a reload.
   */
  const failAfterReloadGrace = (error: unknown): Promise<never> =>
    dependencies.sleep(reloadGraceMs).then(() => {
      reloading = false;
      throw error;
    });

  function recover(error: unknown): Promise<never> {
    if (reloading) return failAfterReloadGrace(error);
    if (!reloadedThisSession) {
      reloading = true;
      reloadedThisSession = true;
      try {
        dependencies.storage?.setItem(reloadFlagKey, 'true');
      } catch {
        // Without session storage the in-memory flag still prevents a loop on this page.
      }
      dependencies.log.warn('[stale-page] a code chunk failed to load; reloading once', error);
      dependencies.reload();
      return failAfterReloadGrace(error);
    }
    dependencies.log.warn('[stale-page] a code chunk failed to load again this session; not reloading', error);
    return Promise.reject(error);
  }

  /** Runs a dynamic import with the recovery above. Other errors pass through untouched. */
  async function load<T>(importer: () => Promise<T>): Promise<T> {
    try {
      return await importer();
    } catch (error) {
      if (!isDynamicImportError(error)) throw error;
    }
    await dependencies.sleep(importRetryDelayMs);
    try {
      return await importer();
    } catch (error) {
      if (!isDynamicImportError(error)) throw error;
      return recover(error);
    }
  }

  return { init, load, hasReloadedThisSession: () => reloadedThisSession };
}

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export const staleReload = createStaleReload({
  storage: sessionStorageOrUndefined(),
  reload: () => window.location.reload(),
  sleep,
  log: console,
});
