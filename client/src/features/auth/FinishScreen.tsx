import { PartyPopper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { hasUserCookie } from '../../lib/cookies';
import { useAtomValue, useStore } from '../../lib/store';
import { Avatar, Button } from '../../ui';
import { onboardingRequestedAtom } from '../onboarding/atoms';
import { safeReturnPath } from '../../app/routeRules';
import { AuthHeader } from './AuthHeader';
import { takeReturnPath } from './returnPath';
import { currentUserAtom, displayName } from './session';
import styles from './AuthForm.module.css';

/**
 * `/signup/finish`: the welcome once the account works (after the mailed link, an invitation link or a first
 * social sign-in). The dashboard button leads to the page asked for before signing up, if any (`?next=`,
 * or remembered by the sign-up form across the verification mail).
 */
export function FinishScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const store = useStore();
  const [params] = useSearchParams();
  const user = useAtomValue(currentUserAtom);
  const signedIn = user !== null && hasUserCookie();

  if (!signedIn) {
    return (
      <>
        <AuthHeader
          title={t('auth.finish.title')}
          subtitle={t('auth.finish.signedOut')}
          badge={<PartyPopper size={20} aria-hidden />}
          badgeTone="success"
        />
        <Button variant="primary" size="lg" className={styles.wide} onClick={() => void navigate('/signin')}>
          {t('auth.finish.signIn')}
        </Button>
      </>
    );
  }
  const name = user.firstname?.trim() || displayName(user);
  return (
    <>
      <AuthHeader
        title={t('auth.finish.title')}
        subtitle={t('auth.finish.welcome', { name })}
        badge={<Avatar name={displayName(user)} src={user.profileImg} colorKey={user.id} size={44} />}
      />
      <div className={styles.stack}>
        <p className={styles.subtitle}>{t('auth.finish.description')}</p>
        <Button
          variant="primary"
          size="lg"
          className={styles.wide}
          autoFocus
          onClick={() => {
            // A new account (SPEC §2): the welcome flow opens on the dashboard.
            if (params.get('new') === '1') store.set(onboardingRequestedAtom, true);
            void navigate(safeReturnPath(params.get('next')) ?? takeReturnPath() ?? '/overview', { replace: true });
          }}
        >
          {t('auth.finish.dashboard')}
        </Button>
      </div>
    </>
  );
}
