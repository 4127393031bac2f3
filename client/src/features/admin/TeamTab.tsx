import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../ui';
import { InviteForm } from '../teams/InviteForm';
import { TeamMembers } from '../teams/TeamMembers';
import { TeamSettingsForm } from '../teams/TeamSettingsForm';
import { LeaveTeamButton } from '../teams/TeamsList';
import type { TeamDetail } from '../teams/operations';
import styles from './Admin.module.css';

/** The Team tab: the team's name, logo and URL, its members and their roles, inviting people, and leaving. */
export function TeamTab({ team }: { team: TeamDetail }) {
  const { t } = useTranslation();
  const [leaveError, setLeaveError] = useState<string | null>(null);
  const admin = team.role === 'admin';
  return (
    <div className={styles.stack}>
      <TeamSettingsForm key={`${team.id}-${team.name}-${team.url ?? ''}-${team.logo ?? ''}`} team={team} />
      <TeamMembers team={team} />
      {admin && (
        <section className={styles.block} aria-labelledby="team-invite">
          <h3 id="team-invite" className={styles.blockTitle}>
            {t('teams.invite.title')}
          </h3>
          <p className={styles.blockDescription}>{t('teams.invite.description')}</p>
          <InviteForm />
        </section>
      )}
      <section className={styles.block} aria-labelledby="team-leave">
        <h3 id="team-leave" className={styles.blockTitle}>
          {t('teams.leave.sectionTitle')}
        </h3>
        <p className={styles.blockDescription}>{t('teams.leave.sectionDescription')}</p>
        {leaveError && <Notice tone="error">{leaveError}</Notice>}
        <div>
          <LeaveTeamButton teamId={team.id} name={team.name} onError={setLeaveError} />
        </div>
      </section>
    </div>
  );
}
