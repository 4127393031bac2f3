import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Check } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { analytics } from '../../app/analytics';
import { usePageTitleDetail } from '../../lib/documentTitle';
import { useStore } from '../../lib/store';
import { Button } from '../../ui';
import { completeOnboarding } from './atoms';
import { AppsStep, DoneStep, ThemeStep, TrialStep } from './InfoSteps';
import { InviteStep } from './InviteStep';
import { TeamStep } from './TeamStep';
import styles from './Onboarding.module.css';

/** SPEC §2 welcome flow, in order; the trial offer is optional. */
export const onboardingSteps = ['team', 'invite', 'theme', 'apps', 'trial', 'done'] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

export interface StepProps {
  /** Moves on; a step with a form calls it once its form is saved. */
  next: () => void;
  /** The id of the step's footer, where each step puts its own buttons. */
  footer: (buttons: ReactNode) => ReactNode;
}

/**
 * The welcome flow: a stepper with progress, one step at a time. Every step can be left with
 * "Skip setup", which, like finishing, stores that the flow was seen. Focus goes to each
 * step's heading so keyboard and screen-reader users follow along.
 */
export function OnboardingFlow() {
  const { t } = useTranslation();
  const store = useStore();
  const [index, setIndex] = useState(0);
  const [finishing, setFinishing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const step = onboardingSteps[index]!;
  usePageTitleDetail(t(`onboarding.steps.${step}.title`));
  // SPEC §7: the get-started flow's steps go to the tag manager (when an administrator configured one).
  useEffect(() => analytics.getStarted(step), [step]);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [index]);

  const finish = async () => {
    setFinishing(true);
    await completeOnboarding(store).catch(() => undefined);
  };
  const next = () => (index < onboardingSteps.length - 1 ? setIndex(index + 1) : void finish());
  const back = index > 0 ? () => setIndex(index - 1) : undefined;

  const footer = (buttons: ReactNode) => (
    <div className={styles.footer}>
      {back && (
        <Button variant="ghost" onClick={back}>
          {t('onboarding.back')}
        </Button>
      )}
      <span className={styles.spacer} />
      {buttons}
    </div>
  );
  const props: StepProps = { next, footer };

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="onboarding-title">
        <header className={styles.header}>
          <div className={styles.titleRow}>
            <h2 id="onboarding-title" className={styles.kicker}>
              {t('onboarding.title')}
            </h2>
            {step !== 'done' && (
              <Button variant="ghost" size="sm" loading={finishing} onClick={() => void finish()}>
                {t('onboarding.skipAll')}
              </Button>
            )}
          </div>
          <p className={styles.progressText}>{t('onboarding.progress', { current: index + 1, total: onboardingSteps.length })}</p>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={t('onboarding.progressLabel')}
            aria-valuemin={1}
            aria-valuemax={onboardingSteps.length}
            aria-valuenow={index + 1}
          >
            <span className={styles.progressFill} style={{ width: `${((index + 1) / onboardingSteps.length) * 100}%` }} />
          </div>
          <ol className={styles.steps} aria-label={t('onboarding.stepsLabel')}>
            {onboardingSteps.map((key, position) => (
              <li
                key={key}
                className={clsx(styles.step, position === index && styles.stepCurrent, position < index && styles.stepDone)}
                aria-current={position === index ? 'step' : undefined}
              >
                {position < index ? (
                  <button type="button" className={styles.stepButton} onClick={() => setIndex(position)}>
                    <span className={styles.stepMark} aria-hidden>
                      <Check size={11} strokeWidth={3} />
                    </span>
                    <span className={styles.stepName}>{t(`onboarding.steps.${key}.name`)}</span>
                  </button>
                ) : (
                  <span className={styles.stepButton}>
                    <span className={styles.stepMark} aria-hidden>
                      {position + 1}
                    </span>
                    <span className={styles.stepName}>{t(`onboarding.steps.${key}.name`)}</span>
                  </span>
                )}
              </li>
            ))}
          </ol>
        </header>
        <div className={styles.body}>
          <h3 ref={heading} tabIndex={-1} className={styles.stepTitle}>
            {t(`onboarding.steps.${step}.title`)}
          </h3>
          <p className={styles.stepDescription}>{t(`onboarding.steps.${step}.description`)}</p>
          {step === 'team' && <TeamStep {...props} />}
          {step === 'invite' && <InviteStep {...props} />}
          {step === 'theme' && <ThemeStep {...props} />}
          {step === 'apps' && <AppsStep {...props} />}
          {step === 'trial' && <TrialStep {...props} />}
          {step === 'done' && <DoneStep {...props} finishing={finishing} />}
        </div>
      </section>
    </div>
  );
}
