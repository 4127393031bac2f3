import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultStandupTime, defaultStandupWeekdays, isStandupTime, isStandupWeekdays, isoWeekdays } from '#shared/standupChannel';
import { describeRequestError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { isPermissionDenied } from '../../lib/permissions';
import { Button, FieldGroup, Notice, Select, showToast, Spinner, Switch, TextInput } from '../../ui';
import { browserTimeZone, formatDay } from './dates';
import { getStandupChannelDocument, setStandupChannelDocument, type StandupChannel } from './operations';
import styles from './StandupChannel.module.css';

type Field = 'time' | 'timeZone' | 'weekdays';

/** The weekday's name in the interface language: 2024-01-01 was a Monday (ISO weekday 1). */
function weekdayName(weekday: number, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, weekday, 12)));
}

/** Every zone the browser knows, with the chosen one kept even when the browser does not list it. */
function timeZoneOptions(chosen: string): { value: string; label: string }[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = known.includes(chosen) ? known : [chosen, ...known];
  return zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}

interface Draft {
  enabled: boolean;
  time: string;
  timeZone: string;
  weekdays: number[];
}

const draftOf = (channel: StandupChannel | null): Draft =>
  channel
    ? { enabled: channel.enabled, time: channel.time, timeZone: channel.timeZone, weekdays: [...channel.weekdays] }
    : { enabled: false, time: defaultStandupTime, timeZone: browserTimeZone(), weekdays: [...defaultStandupWeekdays] };

/**
 * The space settings' "Standup in the channel" section, for those who manage the space: whether the daily standup is
 * posted to the space's channel, at which local time, in which zone (the browser's by default) and on which weekdays
 * (Monday to Friday by default). The entries are written in the language of whoever saves it.
 */
export function StandupChannelSection({ spaceId, onDenied }: { spaceId: string; onDenied: (message: string) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [loaded, setLoaded] = useState<{ channel: StandupChannel | null } | null>(null);
  const [loadFailed, setLoadFailed] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(null));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let current = true;
    request(getStandupChannelDocument, { project: spaceId }, { handledByCaller: true }).then(
      ({ getStandupChannel }) => {
        if (!current) return;
        setLoaded({ channel: getStandupChannel });
        setDraft(draftOf(getStandupChannel));
      },
      (error: unknown) => current && setLoadFailed(describeRequestError(error, t, i18n.language).message),
    );
    return () => {
      current = false;
    };
  }, [spaceId, t, i18n.language]);

  const zones = useMemo(() => timeZoneOptions(draft.timeZone), [draft.timeZone]);
  const change = (next: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setErrors({});
    setFormError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Partial<Record<Field, string>> = {};
    if (!isStandupTime(draft.time)) problems.time = t('errors.codes.STANDUP_TIME_INVALID');
    if (!isStandupWeekdays(draft.weekdays)) problems.weekdays = t('standupChannel.weekdaysRequired');
    setErrors(problems);
    if (Object.keys(problems).length > 0 || sending) return;
    setSending(true);
    try {
      const { setStandupChannel } = await request(setStandupChannelDocument, { project: spaceId, ...draft }, { handledByCaller: true });
      setLoaded({ channel: setStandupChannel });
      setDraft(draftOf(setStandupChannel));
      showToast({ message: t('standupChannel.saved'), icon: 'success' });
    } catch (error) {
      const described = describeRequestError(error, t, i18n.language);
      if (isPermissionDenied(error)) onDenied(described.message);
      else if (described.field === 'time' || described.field === 'timeZone' || described.field === 'weekdays')
        setErrors({ [described.field]: described.message });
      else setFormError(described.message);
    } finally {
      setSending(false);
    }
  };

  const channel = loaded?.channel ?? null;
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.title}>
        {t('standupChannel.title')}
      </h3>
      <p className={styles.muted}>{t('standupChannel.description')}</p>
      {loadFailed ? (
        <Notice tone="error">{loadFailed}</Notice>
      ) : !loaded ? (
        <p className={styles.muted} role="status">
          <Spinner size={14} /> {t('standupChannel.loading')}
        </p>
      ) : (
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          {formError && <Notice tone="error">{formError}</Notice>}
          <Switch label={t('standupChannel.enabled')} checked={draft.enabled} onChange={(enabled) => change({ enabled })} />
          <div className={styles.row}>
            <TextInput
              type="time"
              label={t('standupChannel.time')}
              value={draft.time}
              error={errors.time}
              onChange={(event) => change({ time: event.target.value })}
            />
            <Select
              label={t('standupChannel.timeZone')}
              value={draft.timeZone}
              options={zones}
              error={errors.timeZone}
              onChange={(event) => change({ timeZone: event.target.value })}
            />
          </div>
          <FieldGroup legend={t('standupChannel.weekdays')} describedBy={errors.weekdays ? `${id}-weekdays-error` : undefined}>
            <div className={styles.days}>
              {isoWeekdays.map((weekday) => (
                <label key={weekday} className={styles.day}>
                  <input
                    type="checkbox"
                    checked={draft.weekdays.includes(weekday)}
                    onChange={(event) =>
                      change({
                        weekdays: event.target.checked
                          ? [...draft.weekdays, weekday].sort((first, second) => first - second)
                          : draft.weekdays.filter((day) => day !== weekday),
                      })
                    }
                  />
                  {weekdayName(weekday, i18n.language)}
                </label>
              ))}
            </div>
            {errors.weekdays && (
              <p id={`${id}-weekdays-error`} className={styles.error}>
                {errors.weekdays}
              </p>
            )}
          </FieldGroup>
          {channel?.lastPostedDate && (
            <p className={styles.muted}>{t('standupChannel.lastPosted', { day: formatDay(channel.lastPostedDate, i18n.language) })}</p>
          )}
          <div className={styles.footer}>
            <Button type="submit" variant="primary" loading={sending}>
              {t('standupChannel.save')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
