import { useEffect, type ReactNode } from 'react';
import { Globe, Lock, Plus, Settings, Shapes } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { request } from '../../lib/graphql';
import { spaceTypeOf } from '../../lib/roles';
import { useAction } from '../../lib/useAction';
import { useAtomValue, useSetAtom, useStore } from '../../lib/store';
import { Button, EmptyState, Notice, showToast } from '../../ui';
import { currentTeamRoleAtom } from '../teams/atoms';
import { loadSpaces } from '../teams/teamData';
import { joinableSpacesAtom, newSpaceOpenAtom, spaceListAtom, spaceSettingsTargetAtom, storeSpace, type SpaceSummary } from './atoms';
import { joinSpaceDocument } from './operations';
import { SpaceIcon } from './SpaceIcon';
import styles from './Spaces.module.css';

/** /overview/spaces: the spaces the user is in, and the ones of the team they may join (public) or ask to join (private). */
export default function AllSpacesPage() {
  const { t } = useTranslation();
  const store = useStore();
  const mine = useAtomValue(spaceListAtom);
  const joinable = useAtomValue(joinableSpacesAtom);
  const role = useAtomValue(currentTeamRoleAtom);
  const openSettings = useSetAtom(spaceSettingsTargetAtom);
  const openNew = useSetAtom(newSpaceOpenAtom);
  const { error, pending, run } = useAction();

  useEffect(() => {
    void loadSpaces(store).catch(() => undefined);
  }, [store]);

  const join = async (space: SpaceSummary) => {
    await run(space.id, async () => {
      const { joinProject } = await request(joinSpaceDocument, { project: space.id }, { handledByCaller: true });
      storeSpace(store, joinProject);
      showToast({
        message: joinProject.isMember ? t('spaces.all.joined', { name: space.name }) : t('spaces.all.requestSent', { name: space.name }),
        icon: 'success',
      });
    });
  };

  const row = (space: SpaceSummary, action: ReactNode) => (
    <li key={space.id} className={styles.spaceRow}>
      <SpaceIcon space={space} size={32} />
      <span className={styles.spaceText}>
        <span className={styles.spaceName}>
          {space.isMember === false ? space.name : <Link to={`/${space.id}`}>{space.name}</Link>}
          <span className={styles.typeTag}>
            {space.type === 'public' ? <Globe size={12} aria-hidden /> : <Lock size={12} aria-hidden />}
            {space.isPersonal ? t('spaces.types.personal') : t(`spaces.types.${spaceTypeOf(space.type)}`)}
          </span>
        </span>
        {space.description && <span className={styles.spaceDescription}>{space.description}</span>}
      </span>
      <span className={styles.spaceAction}>{action}</span>
    </li>
  );

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <div>
          <h2 className={styles.pageTitle}>{t('spaces.all.title')}</h2>
          <p className={styles.pageDescription}>{t('spaces.all.description')}</p>
        </div>
        {role !== 'guest' && (
          <Button variant="primary" icon={<Plus aria-hidden />} onClick={() => openNew(true)}>
            {t('spaces.create.open')}
          </Button>
        )}
      </header>
      {error && <Notice tone="error">{error}</Notice>}
      <section aria-labelledby="spaces-mine" className={styles.group}>
        <h3 id="spaces-mine" className={styles.groupTitle}>
          {t('spaces.all.mine')}
        </h3>
        <ul className={styles.spaceList}>
          {mine.map((space) =>
            row(
              space,
              <Button
                size="sm"
                variant="ghost"
                icon={<Settings aria-hidden />}
                onClick={() => openSettings(space.id)}
                aria-label={t('spaces.menu.settingsFor', { name: space.name })}
              >
                {t('spaces.menu.settings')}
              </Button>,
            ),
          )}
        </ul>
      </section>
      <section aria-labelledby="spaces-joinable" className={styles.group}>
        <h3 id="spaces-joinable" className={styles.groupTitle}>
          {t('spaces.all.joinable')}
        </h3>
        {joinable.length === 0 ? (
          <EmptyState icon={Shapes} title={t('spaces.all.noneTitle')} description={t('spaces.all.none')} className={styles.empty} />
        ) : (
          <ul className={styles.spaceList}>
            {joinable.map((space) =>
              row(
                space,
                space.requested ? (
                  <Button size="sm" disabled>
                    {t('spaces.all.requested')}
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant={space.type === 'public' ? 'primary' : 'secondary'}
                    loading={pending === space.id}
                    disabled={pending !== null}
                    onClick={() => void join(space)}
                    aria-label={`${space.type === 'public' ? t('spaces.all.join') : t('spaces.all.request')}: ${space.name}`}
                  >
                    {space.type === 'public' ? t('spaces.all.join') : t('spaces.all.request')}
                  </Button>
                ),
              ),
            )}
          </ul>
        )}
      </section>
    </div>
  );
}
