import { useEffect, useId } from 'react';
import { UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isTeamRole } from '#shared/teams';
import { request } from '../../lib/graphql';
import { teamRoleOf } from '../../lib/roles';
import { useAction } from '../../lib/useAction';
import { useAtomValue, useStore } from '../../lib/store';
import { Avatar, Button, Notice, openDialog, showToast } from '../../ui';
import { displayName } from '../auth/session';
import { teamPeopleAtom } from './atoms';
import { updateTeamDocument, type TeamChanges, type TeamDetail, type TeamPerson } from './operations';
import { PendingInvitations } from './PendingInvitations';
import { loadTeamDetail, loadTeamPeople, storeTeamDetail } from './teamData';
import styles from './Teams.module.css';
import list from './People.module.css';

/** The team's members with their roles (admins change them and take people out) and the invitations still open. */
export function TeamMembers({ team }: { team: TeamDetail }) {
  const { t } = useTranslation();
  const store = useStore();
  const id = useId();
  const people = useAtomValue(teamPeopleAtom);
  const { error, pending, run } = useAction();
  const admin = team.role === 'admin';

  useEffect(() => {
    void loadTeamPeople(store).catch(() => undefined);
  }, [store, team.id]);

  const update = async (key: string, changes: Omit<TeamChanges, 'team'>, done: string) => {
    const outcome = await run(key, async () => {
      const { updateTeam } = await request(updateTeamDocument, { team: team.id, ...changes }, { handledByCaller: true });
      storeTeamDetail(store, updateTeam.team);
      await loadTeamPeople(store);
      showToast({ message: done, icon: 'success' });
    });
    if (outcome.denied) void loadTeamDetail(store).catch(() => undefined);
  };

  const kick = async (person: TeamPerson) => {
    const name = displayName(person);
    const { confirmed } = await openDialog({
      title: t('teams.members.kickTitle', { name }),
      description: t('teams.members.kickDescription', { name, team: team.name }),
      primaryLabel: t('teams.members.kick'),
      tone: 'danger',
    });
    if (confirmed) await update(`kick-${person.id}`, { kick: person.id }, t('teams.members.kicked', { name }));
  };

  const overLimit = team.memberLimit !== null && team.users.length > team.memberLimit;

  return (
    <section className={styles.section} aria-labelledby={`${id}-members`}>
      <h3 id={`${id}-members`} className={styles.sectionTitle}>
        {t('teams.members.title')}
      </h3>
      {error && <Notice tone="error">{error}</Notice>}
      {overLimit && <Notice tone="info">{t('teams.members.overLimit', { limit: team.memberLimit })}</Notice>}
      <ul className={list.people} aria-label={t('teams.members.listLabel')}>
        {(people ?? []).map((person) => {
          const name = displayName(person);
          const role = teamRoleOf(person.role);
          return (
            <li key={person.id} className={list.person}>
              <Avatar name={name} src={person.profileImg} colorKey={person.id} size={30} />
              <span className={list.personText}>
                <span className={list.personName}>
                  {name}
                  {person.isAuth && <span className={list.you}> {t('spaces.members.you')}</span>}
                </span>
                <span className={list.personEmail}>{person.email}</span>
              </span>
              {admin && !person.isAuth ? (
                <select
                  className={list.compactSelect}
                  aria-label={t('teams.members.roleFor', { name })}
                  value={role}
                  disabled={pending !== null}
                  onChange={(event) => {
                    const next = isTeamRole(event.target.value) ? event.target.value : 'basic';
                    void update(
                      `role-${person.id}`,
                      { user: person.id, type: next },
                      t('teams.members.roleChanged', { name, role: t(`teams.roles.${next}`) }),
                    );
                  }}
                >
                  {(['admin', 'basic', 'guest'] as const).map((option) => (
                    <option key={option} value={option}>
                      {t(`teams.roles.${option}`)}
                    </option>
                  ))}
                </select>
              ) : (
                <span className={list.badge}>{t(`teams.roles.${role}`)}</span>
              )}
              {admin && !person.isAuth && (
                <Button
                  size="sm"
                  variant="ghost"
                  iconOnly
                  icon={<UserX aria-hidden />}
                  aria-label={t('teams.members.kickNamed', { name })}
                  loading={pending === `kick-${person.id}`}
                  disabled={pending !== null}
                  onClick={() => void kick(person)}
                />
              )}
            </li>
          );
        })}
      </ul>
      {admin && <PendingInvitations team={team} />}
    </section>
  );
}
