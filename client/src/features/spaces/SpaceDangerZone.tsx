import { useId } from 'react';
import { LogOut, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/graphql';
import { navigateTo } from '../../lib/navigation';
import { useAction } from '../../lib/useAction';
import { useAtomValue, useStore } from '../../lib/store';
import { Button, Notice, openDialog, showToast } from '../../ui';
import { currentUserAtom } from '../auth/session';
import { forgetSpace, storeSpace } from './atoms';
import { deleteSpaceDocument, setPermissionDocument, type SpaceWithMembers } from './operations';
import styles from './Spaces.module.css';

/** Leaving the space, and deleting it after a confirmation that names it. Personal spaces offer neither. */
export function SpaceDangerZone({ space, onDone }: { space: SpaceWithMembers; onDone: () => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const id = useId();
  const me = useAtomValue(currentUserAtom);
  const { error, pending, run } = useAction();
  if (space.isPersonal || (!space.isMember && !space.canManage)) return null;

  const leaveOverview = () => {
    if (window.location.pathname.split('/')[1] === space.id) navigateTo('/overview');
  };

  const leave = async () => {
    if (!me) return;
    const { confirmed } = await openDialog({
      title: t('spaces.leave.title', { name: space.name }),
      description: space.type === 'public' ? t('spaces.leave.publicDescription') : t('spaces.leave.privateDescription'),
      primaryLabel: t('spaces.leave.confirm'),
      tone: 'danger',
    });
    if (!confirmed) return;
    const outcome = await run('leave', async () => {
      const { setPermission } = await request(
        setPermissionDocument,
        { user: me.id, project: space.id, permission: 'removed' },
        { handledByCaller: true },
      );
      storeSpace(store, setPermission);
    });
    if (!outcome.ok) return;
    showToast({ message: t('spaces.leave.done', { name: space.name }), icon: 'success' });
    leaveOverview();
    onDone();
  };

  const remove = async () => {
    const { confirmed } = await openDialog({
      title: t('spaces.delete.title', { name: space.name }),
      description: t('spaces.delete.description', { name: space.name }),
      primaryLabel: t('spaces.delete.confirm'),
      tone: 'danger',
    });
    if (!confirmed) return;
    const outcome = await run('delete', async () => {
      await request(deleteSpaceDocument, { id: space.id }, { handledByCaller: true });
      forgetSpace(store, space.id, { deleted: true });
    });
    if (!outcome.ok) return;
    showToast({ message: t('spaces.delete.done', { name: space.name }), icon: 'success' });
    leaveOverview();
    onDone();
  };

  return (
    <section className={styles.danger} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={styles.sectionTitle}>
        {t('spaces.settings.dangerZone')}
      </h3>
      {error && <Notice tone="error">{error}</Notice>}
      <div className={styles.dangerActions}>
        {space.isMember && (
          <Button icon={<LogOut aria-hidden />} loading={pending === 'leave'} disabled={pending !== null} onClick={() => void leave()}>
            {t('spaces.leave.action')}
          </Button>
        )}
        {space.canManage && (
          <Button
            variant="danger"
            icon={<Trash2 aria-hidden />}
            loading={pending === 'delete'}
            disabled={pending !== null}
            onClick={() => void remove()}
          >
            {t('spaces.delete.action')}
          </Button>
        )}
      </div>
    </section>
  );
}
