import { useEffect, useId, useState } from 'react';
import { UserMinus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/graphql';
import { spacePermissionOf } from '../../lib/roles';
import { useAction } from '../../lib/useAction';
import { useAtomValue, useStore } from '../../lib/store';
import { Avatar, Button, Notice, openDialog, showToast } from '../../ui';
import { displayName } from '../auth/session';
import { teamPeopleAtom } from '../teams/atoms';
import { loadTeamPeople } from '../teams/teamData';
import { setPermissionDocument, type PermissionChange, type SpaceWithMembers } from './operations';
import type { SpaceSectionProps } from './SpaceGeneralForm';
import styles from './Spaces.module.css';
import list from '../teams/People.module.css';

/** Members with their permission: change it, take someone out, or add a teammate (space admins). */
export function SpaceMembers({ space, onChanged, onDenied }: SpaceSectionProps & { onChanged: (space: SpaceWithMembers) => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const id = useId();
  const { error, setError, pending, run } = useAction();
  const people = useAtomValue(teamPeopleAtom);
  const [adding, setAdding] = useState('');
  const manage = space.canManage && !space.isPersonal;

  useEffect(() => {
    if (manage && !people) void loadTeamPeople(store).catch(() => undefined);
  }, [manage, people, store]);

  const change = async (user: string, permission: PermissionChange, key: string, done: string) => {
    const outcome = await run(key, async () => {
      const { setPermission } = await request(setPermissionDocument, { user, project: space.id, permission }, { handledByCaller: true });
      onChanged(setPermission);
      showToast({ message: done, icon: 'success' });
    });
    if (outcome.denied) {
      setError(null);
      onDenied(outcome.message ?? '');
    }
  };

  const remove = async (member: SpaceWithMembers['users'][number]) => {
    const name = displayName(member);
    const { confirmed } = await openDialog({
      title: t('spaces.members.removeTitle', { name, space: space.name }),
      description: t('spaces.members.removeDescription'),
      primaryLabel: t('spaces.members.remove'),
      tone: 'danger',
    });
    if (confirmed) await change(member.id, 'removed', `remove-${member.id}`, t('spaces.members.removed', { name }));
  };

  const candidates = (people ?? []).filter((person) => !space.users.some((member) => member.id === person.id));

  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={styles.sectionTitle}>
        {t('spaces.members.title', { total: space.users.length })}
      </h3>
      {error && <Notice tone="error">{error}</Notice>}
      <ul className={list.people}>
        {space.users.map((member) => {
          const name = displayName(member);
          return (
            <li key={member.id} className={list.person}>
              <Avatar name={name} src={member.profileImg} colorKey={member.id} size={30} />
              <span className={list.personText}>
                <span className={list.personName}>
                  {name}
                  {member.isAuth && <span className={list.you}> {t('spaces.members.you')}</span>}
                </span>
                <span className={list.personEmail}>{member.email}</span>
              </span>
              {manage ? (
                <select
                  className={list.compactSelect}
                  aria-label={t('spaces.members.permissionFor', { name })}
                  value={member.permission ?? 'basic'}
                  disabled={pending !== null}
                  onChange={(event) => {
                    const next = event.target.value === 'admin' ? 'admin' : 'basic';
                    void change(
                      member.id,
                      next,
                      `permission-${member.id}`,
                      t('spaces.members.permissionChanged', { name, permission: t(`spaces.permissions.${next}`) }),
                    );
                  }}
                >
                  <option value="admin">{t('spaces.permissions.admin')}</option>
                  <option value="basic">{t('spaces.permissions.basic')}</option>
                </select>
              ) : (
                <span className={list.badge}>{t(`spaces.permissions.${spacePermissionOf(member.permission)}`)}</span>
              )}
              {manage && !member.isAuth && (
                <Button
                  size="sm"
                  variant="ghost"
                  iconOnly
                  icon={<UserMinus aria-hidden />}
                  aria-label={t('spaces.members.removeNamed', { name })}
                  loading={pending === `remove-${member.id}`}
                  disabled={pending !== null}
                  onClick={() => void remove(member)}
                />
              )}
            </li>
          );
        })}
      </ul>
      {manage && candidates.length > 0 && (
        <div className={styles.addRow}>
          <select
            className={list.compactSelect}
            aria-label={t('spaces.members.addLabel')}
            value={adding}
            onChange={(event) => setAdding(event.target.value)}
          >
            <option value="">{t('spaces.members.addPlaceholder')}</option>
            {candidates.map((person) => (
              <option key={person.id} value={person.id}>
                {displayName(person)}
              </option>
            ))}
          </select>
          <Button
            size="sm"
            disabled={!adding || pending !== null}
            loading={pending === 'add'}
            onClick={() => {
              const person = candidates.find((candidate) => candidate.id === adding);
              if (!person) return;
              void change(person.id, 'basic', 'add', t('spaces.members.added', { name: displayName(person) })).then(() => setAdding(''));
            }}
          >
            {t('spaces.members.add')}
          </Button>
        </div>
      )}
    </section>
  );
}
