/**
 * Keeps the spaces of the current team live (SPEC §7 subProject): created, edited and deleted
 * spaces and membership changes reach the atoms without a reload. The subscription follows the
 * current team (the server scopes it to the team current when subscribing). After a reconnection
 * it catches up from the last change it saw; the list is read again only when it could not.
 */
import { useEffect } from 'react';
import { i18n } from '../../lib/i18n';
import { navigateTo } from '../../lib/navigation';
import { subscribe } from '../../lib/subscriptions';
import { useAtomValue, useStore } from '../../lib/store';
import { showToast } from '../../ui';
import { currentTeamAtom } from '../auth/session';
import { coalesceReloads } from '../../lib/coalescedReload';
import { loadSpaces } from '../teams/teamData';
import { applySpaceChange, spacesAtom } from './atoms';
import { subProjectDocument } from './operations';

export function useSpacesLive(): void {
  const store = useStore();
  const teamId = useAtomValue(currentTeamAtom)?.id;

  useEffect(() => {
    if (!teamId) return undefined;
    const reloadSpaces = coalesceReloads(() => loadSpaces(store));
    const unsubscribe = subscribe(
      subProjectDocument,
      {},
      ({ subProject: change }) => {
        const known = store.get(spacesAtom).get(change.projectId);
        applySpaceChange(store, change);
        // Someone deleted the space on screen, or took the viewer out of it: back to the overview.
        const viewing = window.location.pathname.split('/')[1] === change.projectId;
        if (!change.project && known && viewing) {
          navigateTo('/overview');
          showToast({
            message:
              change.type === 'project.deleted'
                ? i18n.t('spaces.live.deleted', { name: known.name })
                : i18n.t('spaces.live.removed', { name: known.name }),
            icon: 'info',
          });
        }
      },
      undefined,
      reloadSpaces.request,
    );
    return () => {
      unsubscribe();
      reloadSpaces.cancel();
    };
  }, [teamId, store]);
}
