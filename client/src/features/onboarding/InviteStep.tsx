import { useState } from 'react';
import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../lib/store';
import { Button } from '../../ui';
import { isTeamAdminAtom } from '../teams/atoms';
import { InviteForm } from '../teams/InviteForm';
import type { StepProps } from './OnboardingFlow';
import styles from './Onboarding.module.css';

/** Invite members: the same form as the Team tab, as many times as wanted; members are told who can invite. */
export function InviteStep({ next, footer }: StepProps) {
  const { t } = useTranslation();
  const admin = useAtomValue(isTeamAdminAtom);
  const [sent, setSent] = useState<string[]>([]);

  return (
    <>
      {admin ? (
        <InviteForm compact onInvited={(email) => setSent((list) => [...list, email])} />
      ) : (
        <p className={styles.note}>{t('onboarding.steps.invite.member')}</p>
      )}
      {sent.length > 0 && (
        <ul className={styles.sent} aria-label={t('onboarding.steps.invite.sentLabel')}>
          {sent.map((email) => (
            <li key={email}>
              <MailCheck size={14} aria-hidden /> {email}
            </li>
          ))}
        </ul>
      )}
      {footer(
        <Button variant={sent.length > 0 || !admin ? 'primary' : 'secondary'} onClick={next}>
          {sent.length > 0 || !admin ? t('onboarding.continue') : t('onboarding.skipStep')}
        </Button>,
      )}
    </>
  );
}
