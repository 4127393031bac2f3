import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeRequestError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { useAtom, useAtomValue, useStore } from '../../lib/store';
import { Button, Dialog, Notice, Spinner } from '../../ui';
import { StandupChannelSection } from '../reports/StandupChannelSection';
import { spaceSettingsTargetAtom, spacesAtom, storeSpace } from './atoms';
import { getSpaceWithMembersDocument, type SpaceWithMembers } from './operations';
import { SpaceDangerZone } from './SpaceDangerZone';
import { SpaceGeneralForm } from './SpaceGeneralForm';
import { SpaceMembers } from './SpaceMembers';
import { SpaceRequests } from './SpaceRequests';
import styles from './Spaces.module.css';

/** Mounted once in the dashboard frame: the settings of the space named by spaceSettingsTargetAtom. */
export function SpaceSettingsHost() {
  const [target, setTarget] = useAtom(spaceSettingsTargetAtom);
  return target ? <SpaceSettingsDialog key={target} spaceId={target} onClose={() => setTarget(null)} /> : null;
}

/**
 * A space's settings: how it looks and who can find it, its members and their permissions, join
 * requests, leaving and deleting. The space is read when the dialog opens; live changes to its
 * members are merged in, while what the viewer may do stays as loaded until they act, so a form
 * is never taken away under their cursor: the server has the last word, and a refusal shows
 * SPEC §6's message in place.
 */
function SpaceSettingsDialog({ spaceId, onClose }: { spaceId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const [loaded, setSpace] = useState<SpaceWithMembers | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // SPEC §6's message when the server refused an action: kept above the sections, which are read again.
  const [refusal, setRefusal] = useState<string | null>(null);
  const live = useAtomValue(spacesAtom).get(spaceId);

  const reload = useCallback(() => {
    request(getSpaceWithMembersDocument, { id: spaceId }, { handledByCaller: true }).then(
      ({ getProjectBasic }) => {
        setSpace(getProjectBasic);
        storeSpace(store, getProjectBasic);
      },
      (error: unknown) => setFailed(describeRequestError(error, t, i18n.language).message),
    );
  }, [spaceId, store, t, i18n.language]);

  useEffect(() => reload(), [reload]);

  // Members joining, leaving or changing permission elsewhere reach the open dialog.
  const liveUsers = live?.users;
  const space = useMemo(() => (loaded && liveUsers ? { ...loaded, users: liveUsers } : loaded), [loaded, liveUsers]);

  // The space was deleted, or the viewer lost sight of it.
  const gone = space !== null && live === undefined;
  const accept = (next: SpaceWithMembers) => {
    setSpace(next);
    storeSpace(store, next);
  };
  const denied = (message: string) => {
    setRefusal(message);
    reload();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={space ? t('spaces.settings.title', { name: space.name }) : t('spaces.settings.loadingTitle')}
      size="md"
    >
      {failed ? (
        <Notice tone="error">{failed}</Notice>
      ) : gone ? (
        <Notice tone="info">{t('spaces.settings.gone')}</Notice>
      ) : !space ? (
        <div className={styles.loading} role="status">
          <Spinner size={16} />
          <span>{t('spaces.settings.loading')}</span>
        </div>
      ) : (
        <div className={styles.settings}>
          {refusal ? (
            <Notice tone="error">{refusal}</Notice>
          ) : (
            !space.canManage && <Notice tone="info">{t('spaces.settings.readOnly')}</Notice>
          )}
          {space.canManage && <SpaceRequests space={space} onChanged={accept} onDenied={denied} />}
          <SpaceGeneralForm key={String(space.canManage)} space={space} onSaved={accept} onDenied={denied} />
          <SpaceMembers space={space} onChanged={accept} onDenied={denied} />
          {space.canManage && !space.isPersonal && <StandupChannelSection spaceId={space.id} onDenied={denied} />}
          <SpaceDangerZone space={space} onDone={onClose} />
        </div>
      )}
      {(failed || gone) && (
        <div className={styles.footer}>
          <Button onClick={onClose}>{t('dialog.close')}</Button>
        </div>
      )}
    </Dialog>
  );
}
