/** What the report views share: the loading and failure states of a report, and the window chosen in the address. */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isReportWindowKey, reportWindowKeys, reportWindowStart, type ReportWindowKey } from '#shared/reports';
import { Button, Notice, Select, Spinner } from '../../ui';
import type { ReportState } from './useReport';
import styles from './Reports.module.css';

/** A report's answer: a spinner while it loads, the failure with Try again, else what `ready` draws of its data. */
export function ReportAnswer<Data>({
  state,
  retry,
  ready,
}: {
  state: ReportState<Data>;
  retry: () => void;
  ready: (data: Data) => ReactNode;
}) {
  const { t } = useTranslation();
  if (state.status === 'loading')
    return (
      <div className={styles.loading}>
        <Spinner size={20} label={t('reports.loading')} />
      </div>
    );
  if (state.status === 'error')
    return (
      <Notice tone="error" title={t('reports.failed')}>
        <p>{state.message}</p>
        <Button size="sm" onClick={retry}>
          {t('reports.tryAgain')}
        </Button>
      </Notice>
    );
  return <>{ready(state.data)}</>;
}

/**
 * The SPEC §9 window in the address (`?window=`, else `fallback`), with its select and the range it covers. The
 * window ends when it was chosen, so the range (and the request) stays the same between renders.
 */
export function useReportWindow(fallback: ReportWindowKey): {
  windowKey: ReportWindowKey;
  range: { startdate: string; enddate: string };
  select: ReactNode;
} {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const given = params.get('window');
  const windowKey: ReportWindowKey = isReportWindowKey(given) ? given : fallback;
  const [asked, setAsked] = useState(() => ({ windowKey, end: new Date() }));
  const current = asked.windowKey === windowKey ? asked : { windowKey, end: new Date() };
  if (current !== asked) setAsked(current);
  const select = (
    <Select
      label={t('reports.team.window')}
      value={windowKey}
      options={reportWindowKeys.map((key) => ({ value: key, label: t(`reports.windows.${key}`) }))}
      onChange={(event) => {
        const next = new URLSearchParams(params);
        next.set('window', event.target.value);
        setParams(next, { replace: true });
      }}
      className={styles.dateField}
    />
  );
  return {
    windowKey,
    range: { startdate: reportWindowStart(current.windowKey, current.end).toISOString(), enddate: current.end.toISOString() },
    select,
  };
}
