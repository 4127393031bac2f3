import { Check } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { passwordLength } from '#shared/password';
import { passwordChecks, passwordStrength, strengthLabels } from './passwordStrength';
import styles from './PasswordStrengthMeter.module.css';

/** Four bars and a word for the password being typed, and the three parts of the rule, ticked as they are met. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const strength = passwordStrength(password);
  const label = t(`forms.strength.${strengthLabels[strength]}`);
  const checks = passwordChecks(password);
  const rules = [
    { key: 'length', met: checks.length, text: t('forms.rules.length', { minimum: passwordLength.minimum }) },
    { key: 'letter', met: checks.letter, text: t('forms.rules.letter') },
    { key: 'digit', met: checks.digit, text: t('forms.rules.digit') },
  ];
  return (
    <div className={styles.meter}>
      <div className={styles.barRow}>
        <div
          className={clsx(styles.bars, styles[`level${strength}`])}
          role="meter"
          aria-label={t('forms.strength.label')}
          aria-valuemin={0}
          aria-valuemax={4}
          aria-valuenow={strength}
          aria-valuetext={label}
        >
          {[1, 2, 3, 4].map((bar) => (
            <span key={bar} className={clsx(styles.bar, bar <= strength && styles.filled)} />
          ))}
        </div>
        <span className={styles.word} aria-hidden>
          {strength > 0 ? label : ''}
        </span>
      </div>
      <ul className={styles.rules}>
        {rules.map((rule) => (
          <li key={rule.key} className={clsx(styles.rule, rule.met && styles.met)}>
            <Check size={12} aria-hidden className={styles.tick} />
            <span>{rule.text}</span>
            <span className="visually-hidden">{rule.met ? t('forms.rules.met') : t('forms.rules.notMet')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
