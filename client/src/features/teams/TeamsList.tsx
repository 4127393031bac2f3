import { useEffect, useId, useState } from 'react';
import { ArrowRightLeft, LogOut, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/graphql';
import { navigateTo } from '../../lib/navigation';
import { teamRoleOf } from '../../lib/roles';
import { useAction } from '../../lib/useAction';
import { useAtomValue, useStore } from '../../lib/store';
import { Avatar, Button, Notice, openDialog, showToast } from '../../ui';
import { currentTeamAtom } from '../auth/session';
import { teamsAtom } from './atoms';
import { CreateTeamDialog } from './CreateTeamDialog';
import { leaveTeamDocument } from './operations';
import { loadTeams, reloadTeamData, switchToTeam } from './teamData';
import styles from './Teams.module.css';
import list from './People.module.css';

/** Leaves a team after a confirmation; leaving the current one moves the user to their next team. */
export function LeaveTeamButton({
  teamId,
  name,
  onError,
  disabled,
}: {
  teamId: string;
  name: string;
  onError: (message: string | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const store = useStore();
  const { error, pending, run } = useAction();
  useEffect(() => onError(error), [error, onError]);

  const leave = async () => {
    const { confirmed } = await openDialog({
      title: t('teams.leave.title', { name }),
      description: t('teams.leave.description'),
      primaryLabel: t('teams.leave.confirm'),
      tone: 'danger',
    });
    if (!confirmed) return;
    const wasCurrent = store.get(currentTeamAtom)?.id === teamId;
    const outcome = await run('leave', async () => {
      await request(leaveTeamDocument, { team: teamId }, { handledByCaller: true });
    });
    if (!outcome.ok) return;
    showToast({ message: t('teams.leave.done', { name }), icon: 'success' });
    if (wasCurrent) {
      await reloadTeamData(store).catch(() => undefined);
      navigateTo('/overview');
    } else {
      await loadTeams(store).catch(() => undefined);
    }
  };

  return (
    <Button
      size="sm"
      variant="ghost"
      icon={<LogOut aria-hidden />}
      loading={pending === 'leave'}
      disabled={disabled || pending !== null}
      onClick={() => void leave()}
      aria-label={t('teams.leave.named', { name })}
    >
      {t('teams.leave.action')}
    </Button>
  );
}

/** Admin › Teams: every team of the user, with their role; switch, leave, or create another. */
export function TeamsList() {
  const { t } = useTranslation();
  const store = useStore();
  const id = useId();
  const teams = useAtomValue(teamsAtom);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { pending, run } = useAction();

  useEffect(() => {
    void loadTeams(store).catch(() => undefined);
  }, [store]);

  return (
    <section className={styles.section} aria-labelledby={`${id}-teams`}>
      <div className={styles.sectionHeader}>
        <h3 id={`${id}-teams`} className={styles.sectionTitle}>
          {t('teams.list.title')}
        </h3>
        <Button size="sm" icon={<Plus aria-hidden />} onClick={() => setCreating(true)}>
          {t('teams.switcher.create')}
        </Button>
      </div>
      {error && <Notice tone="error">{error}</Notice>}
      <ul className={list.people}>
        {(teams ?? []).map((team) => (
          <li key={team.id} className={list.person}>
            <Avatar name={team.name} src={team.logo} colorKey={team.id} size={30} shape="square" />
            <span className={list.personText}>
              <span className={list.personName}>{team.name}</span>
              <span className={list.personEmail}>
                {t(`teams.roles.${teamRoleOf(team.role)}`)}
                {team.isDefault && ` · ${t('teams.list.current')}`}
              </span>
            </span>
            {!team.isDefault && (
              <Button
                size="sm"
                icon={<ArrowRightLeft aria-hidden />}
                loading={pending === team.id}
                disabled={pending !== null}
                onClick={() => void run(team.id, () => switchToTeam(team.id, store))}
              >
                {t('teams.list.switch')}
              </Button>
            )}
            <LeaveTeamButton teamId={team.id} name={team.name} onError={setError} />
          </li>
        ))}
      </ul>
      <CreateTeamDialog open={creating} onOpenChange={setCreating} />
    </section>
  );
}
