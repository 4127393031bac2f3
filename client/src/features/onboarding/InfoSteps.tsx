import { useId } from 'react';
import { Monitor, Moon, PartyPopper, Smartphone, Sparkles, Sun } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { trialDays } from '#shared/plans';
import { darkModeEnabledAtom, setDarkMode } from '../../app/theme';
import { request } from '../../lib/graphql';
import { useAtomValue, useSetAtom, useStore } from '../../lib/store';
import { useAction } from '../../lib/useAction';
import { Button, Notice, showToast } from '../../ui';
import { currentTeamAtom } from '../auth/session';
import { formatBillingDate } from '../billing/format';
import { startTrialDocument } from '../billing/operations';
import { newSpaceOpenAtom } from '../spaces/atoms';
import type { StepProps } from './OnboardingFlow';
import styles from './Onboarding.module.css';

/** Customise the theme: light or dark, applied at once; the same preference as the account menu's switch. */
export function ThemeStep({ next, footer }: StepProps) {
  const { t } = useTranslation();
  const store = useStore();
  const dark = useAtomValue(darkModeEnabledAtom);
  const name = useId();
  const options = [
    { value: false, icon: Sun, label: t('onboarding.steps.theme.light') },
    { value: true, icon: Moon, label: t('onboarding.steps.theme.dark') },
  ];
  return (
    <>
      <fieldset className={styles.themes}>
        <legend className="visually-hidden">{t('onboarding.steps.theme.legend')}</legend>
        {options.map(({ value, icon: Icon, label }) => (
          <label key={label} className={clsx(styles.theme, dark === value && styles.themeChecked)}>
            <input
              type="radio"
              name={name}
              checked={dark === value}
              onChange={() => setDarkMode(value, store)}
              className={styles.themeInput}
            />
            <span className={clsx(styles.themePreview, value ? styles.previewDark : styles.previewLight)} aria-hidden>
              <span />
              <span />
              <span />
            </span>
            <span className={styles.themeLabel}>
              <Icon size={15} aria-hidden /> {label}
            </span>
          </label>
        ))}
      </fieldset>
      {footer(
        <Button variant="primary" onClick={next}>
          {t('onboarding.continue')}
        </Button>,
      )}
    </>
  );
}

/** Use everywhere: where the desktop and mobile apps come from; a short text, no store links. */
export function AppsStep({ next, footer }: StepProps) {
  const { t } = useTranslation();
  const address = window.location.origin;
  return (
    <>
      <ul className={styles.apps}>
        <li className={styles.app}>
          <Monitor size={20} aria-hidden className={styles.appIcon} />
          <div>
            <p className={styles.appTitle}>{t('onboarding.steps.apps.desktopTitle')}</p>
            <p className={styles.appText}>{t('onboarding.steps.apps.desktop', { address })}</p>
          </div>
        </li>
        <li className={styles.app}>
          <Smartphone size={20} aria-hidden className={styles.appIcon} />
          <div>
            <p className={styles.appTitle}>{t('onboarding.steps.apps.mobileTitle')}</p>
            <p className={styles.appText}>{t('onboarding.steps.apps.mobile', { address })}</p>
          </div>
        </li>
      </ul>
      {footer(
        <Button variant="primary" onClick={next}>
          {t('onboarding.continue')}
        </Button>,
      )}
    </>
  );
}

/**
 * The optional trial offer: a team admin starts the team's trial of every feature here (startTrial, once per team);
 * other members learn that their admins can. Skipping moves on.
 */
export function TrialStep({ next, footer }: StepProps) {
  const { t, i18n } = useTranslation();
  const team = useAtomValue(currentTeamAtom);
  const action = useAction();
  const isAdmin = team?.role === 'admin';
  const start = async () => {
    if (!team) return;
    const outcome = await action.run('trial', async () => {
      const { startTrial } = await request(startTrialDocument, { team: team.id }, { handledByCaller: true });
      showToast({ message: t('billing.trial.started', { date: formatBillingDate(startTrial.trialEnd, i18n.language) }), icon: 'success' });
    });
    if (outcome.ok) next();
  };
  return (
    <>
      <div className={styles.trial}>
        <Sparkles size={20} aria-hidden className={styles.appIcon} />
        <p className={styles.appText}>{t(isAdmin ? 'billing.trial.offer' : 'billing.trial.offerMember', { days: trialDays })}</p>
      </div>
      {action.error && <Notice tone="error">{action.error}</Notice>}
      {footer(
        isAdmin ? (
          <>
            <Button onClick={next}>{t('onboarding.steps.trial.skip')}</Button>
            <Button variant="primary" loading={action.pending === 'trial'} onClick={() => void start()}>
              {t('billing.trial.start', { days: trialDays })}
            </Button>
          </>
        ) : (
          <Button variant="primary" onClick={next}>
            {t('onboarding.continue')}
          </Button>
        ),
      )}
    </>
  );
}

/** All set up: finish, or finish and create the first space. */
export function DoneStep({ next, footer, finishing }: StepProps & { finishing: boolean }) {
  const { t } = useTranslation();
  const openNewSpace = useSetAtom(newSpaceOpenAtom);
  return (
    <>
      <div className={styles.done}>
        <PartyPopper size={28} aria-hidden className={styles.doneIcon} />
      </div>
      {footer(
        <>
          <Button
            onClick={() => {
              openNewSpace(true);
              next();
            }}
          >
            {t('onboarding.steps.done.newSpace')}
          </Button>
          <Button variant="primary" loading={finishing} onClick={next} autoFocus>
            {t('onboarding.steps.done.finish')}
          </Button>
        </>,
      )}
    </>
  );
}
