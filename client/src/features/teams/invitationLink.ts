import { i18n } from '../../lib/i18n';
import { showToast } from '../../ui';
import type { TeamInvitation } from './operations';

/** Puts the link on the clipboard; where the browser refuses (plain http), a lasting toast shows it to copy by hand. */
export async function copyInvitationLink(invitation: TeamInvitation): Promise<void> {
  const url = invitation.link ?? '';
  try {
    await navigator.clipboard.writeText(url);
    showToast({ message: i18n.t('teams.members.copied', { email: invitation.email }), icon: 'success' });
  } catch {
    showToast({ message: i18n.t('teams.members.copyManually', { email: invitation.email, url }), icon: 'info', persistent: true });
  }
}
