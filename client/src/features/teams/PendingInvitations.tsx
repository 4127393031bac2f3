import { Clock, Link2, Send, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/graphql';
import { teamRoleOf } from '../../lib/roles';
import { useAction } from '../../lib/useAction';
import { useStore } from '../../lib/store';
import { Button, Notice, openDialog, showToast, Tooltip } from '../../ui';
import { copyInvitationLink } from './invitationLink';
import { removeInvitedDocument, resendInvitedDocument, type TeamDetail, type TeamInvitation } from './operations';
import { loadTeamDetail, storeTeamDetail } from './teamData';
import styles from './Teams.module.css';
import list from './People.module.css';

/**
 * The team's invitations still waiting for an answer (admins only): resend one (a new link, the old one
 * stops), withdraw one, and, when the server has no mail server, copy its link to pass on by hand.
 */
export function PendingInvitations({ team }: { team: TeamDetail }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const { error, pending, run } = useAction();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const withoutMail = team.invited.some((invitation) => invitation.link !== null);

  const act = async (key: string, work: () => Promise<TeamDetail>, done: string) => {
    const outcome = await run(key, async () => {
      storeTeamDetail(store, await work());
      showToast({ message: done, icon: 'success' });
    });
    // Refused or gone (accepted, withdrawn by another admin): show the list as it is now.
    if (!outcome.ok) void loadTeamDetail(store).catch(() => undefined);
  };

  const resend = (invitation: TeamInvitation) =>
    act(
      `resend-${invitation.id}`,
      async () =>
        (await request(resendInvitedDocument, { invited: invitation.id, team: team.id }, { handledByCaller: true })).resendInvitedTeam,
      t('teams.members.resent', { email: invitation.email }),
    );

  const revoke = async (invitation: TeamInvitation) => {
    const { confirmed } = await openDialog({
      title: t('teams.members.revokeTitle'),
      description: t('teams.members.revokeDescription', { email: invitation.email }),
      primaryLabel: t('teams.members.revokeConfirm'),
      tone: 'danger',
    });
    if (!confirmed) return;
    await act(
      `revoke-${invitation.id}`,
      async () =>
        (await request(removeInvitedDocument, { invited: invitation.id, team: team.id }, { handledByCaller: true })).removeInvitedTeam,
      t('teams.members.revoked', { email: invitation.email }),
    );
  };

  if (team.invited.length === 0) return null;
  return (
    <>
      <h4 className={styles.subTitle}>{t('teams.members.invited')}</h4>
      {error && <Notice tone="error">{error}</Notice>}
      {withoutMail && <Notice tone="info">{t('teams.members.noMail')}</Notice>}
      <ul className={list.people} aria-label={t('teams.members.invitedLabel')}>
        {team.invited.map((invitation) => {
          const named = (key: 'teams.members.copyLinkNamed' | 'teams.members.resendNamed' | 'teams.members.revokeNamed') =>
            t(key, { email: invitation.email });
          return (
            <li key={invitation.id} className={list.person}>
              <span className={list.pendingIcon} aria-hidden>
                <Clock size={14} />
              </span>
              <span className={list.personText}>
                <span className={list.personName}>{invitation.email}</span>
                <span className={list.personEmail}>
                  {t('teams.members.expires', { date: date.format(new Date(invitation.expiresAt)) })}
                </span>
              </span>
              <span className={list.actions}>
                <span className={list.badge}>{t(`teams.roles.${teamRoleOf(invitation.role)}`)}</span>
                {invitation.link && (
                  <Tooltip content={named('teams.members.copyLinkNamed')}>
                    <Button
                      size="sm"
                      variant="ghost"
                      iconOnly
                      icon={<Link2 aria-hidden />}
                      aria-label={named('teams.members.copyLinkNamed')}
                      onClick={() => void copyInvitationLink(invitation)}
                    />
                  </Tooltip>
                )}
                <Tooltip content={named('teams.members.resendNamed')}>
                  <Button
                    size="sm"
                    variant="ghost"
                    iconOnly
                    icon={<Send aria-hidden />}
                    aria-label={named('teams.members.resendNamed')}
                    loading={pending === `resend-${invitation.id}`}
                    disabled={pending !== null}
                    onClick={() => void resend(invitation)}
                  />
                </Tooltip>
                <Tooltip content={named('teams.members.revokeNamed')}>
                  <Button
                    size="sm"
                    variant="ghost"
                    iconOnly
                    icon={<X aria-hidden />}
                    aria-label={named('teams.members.revokeNamed')}
                    loading={pending === `revoke-${invitation.id}`}
                    disabled={pending !== null}
                    onClick={() => void revoke(invitation)}
                  />
                </Tooltip>
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
