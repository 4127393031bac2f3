import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { planAllows } from '#shared/plans';
import { isReportWindowKey, reportWindowKeys, reportWindowStart, type ReportWindowKey } from '#shared/reports';
import { Button, Notice, Select, Spinner } from '../../ui';
import { ChartCard, type ChartCardProps } from './ChartCard';
import { getAnalyticsDocument, getPlanDocument, type ReportAnalytics } from './operations';
import { useReport, type ReportState } from './useReport';
import styles from './Reports.module.css';

const noVariables = {};

function Loading() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading}>
      <Spinner size={20} label={t('reports.loading')} />
    </div>
  );
}

function Failed({ state, retry }: { state: Extract<ReportState<unknown>, { status: 'error' }>; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice tone="error" title={t('reports.failed')}>
      <p>{state.message}</p>
      <Button size="sm" onClick={retry}>
        {t('reports.tryAgain')}
      </Button>
    </Notice>
  );
}

function Charts({ analytics, windowKey }: { analytics: ReportAnalytics; windowKey: ReportWindowKey }) {
  const { t, i18n } = useTranslation();
  const charts = useMemo((): ChartCardProps[] => {
    const weekFormat = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const weeks = analytics.weeks.map((week) => weekFormat.format(new Date(`${week.week}T12:00:00Z`)));
    const week = t('reports.analytics.week');
    const names = analytics.load.map((row) => `${row.user.firstname} ${row.user.lastname}`.trim());
    const file = (name: string) => `${name}-${windowKey}.csv`;
    return [
      {
        title: t('reports.analytics.throughput.title'),
        description: t('reports.analytics.throughput.description'),
        xLabel: week,
        labels: weeks,
        kind: 'bars',
        fileName: file('throughput'),
        wholeNumbers: true,
        series: [
          { label: t('reports.analytics.finished'), colorToken: '--color-accent', values: analytics.weeks.map((row) => row.finished) },
        ],
      },
      {
        title: t('reports.analytics.cycleTime.title'),
        description: t('reports.analytics.cycleTime.description'),
        xLabel: week,
        labels: weeks,
        kind: 'line',
        fileName: file('cycle-time'),
        wholeNumbers: false,
        series: [
          {
            label: t('reports.analytics.medianHours'),
            colorToken: '--color-warning',
            values: analytics.weeks.map((row) => (row.medianCycleHours === null ? null : Math.round(row.medianCycleHours * 10) / 10)),
          },
        ],
      },
      {
        title: t('reports.analytics.createdClosed.title'),
        description: t('reports.analytics.createdClosed.description'),
        xLabel: week,
        labels: weeks,
        kind: 'line',
        fileName: file('created-vs-closed'),
        wholeNumbers: true,
        series: [
          { label: t('reports.analytics.created'), colorToken: '--color-accent', values: analytics.weeks.map((row) => row.created) },
          { label: t('reports.analytics.finished'), colorToken: '--color-success', values: analytics.weeks.map((row) => row.finished) },
        ],
      },
      {
        title: t('reports.analytics.load.title'),
        description: t('reports.analytics.load.description'),
        xLabel: t('reports.team.member'),
        labels: names,
        kind: 'bars',
        fileName: file('open-load'),
        wholeNumbers: true,
        series: [
          { label: t('reports.analytics.open'), colorToken: '--color-accent', values: analytics.load.map((row) => row.open) },
          { label: t('reports.analytics.overdue'), colorToken: '--color-danger', values: analytics.load.map((row) => row.overdue) },
        ],
      },
    ];
  }, [analytics, windowKey, t, i18n.language]);
  return (
    <div className={styles.charts}>
      {charts.map((chart) => (
        <ChartCard key={chart.fileName} {...chart} />
      ))}
    </div>
  );
}

function AnalyticsCharts({ project }: { project: string | null }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const given = params.get('window');
  const windowKey: ReportWindowKey = isReportWindowKey(given) ? given : 'lastThreeMonths';
  // The window ends when it was chosen, so the variables (and the request) stay the same between renders.
  const [asked, setAsked] = useState(() => ({ windowKey, end: new Date() }));
  const current = asked.windowKey === windowKey ? asked : { windowKey, end: new Date() };
  if (current !== asked) setAsked(current);
  const { state, retry } = useReport(getAnalyticsDocument, {
    projects: project === null ? null : [project],
    startdate: reportWindowStart(current.windowKey, current.end).toISOString(),
    enddate: current.end.toISOString(),
  });
  return (
    <>
      <div className={styles.controls}>
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
      </div>
      {state.status === 'loading' ? (
        <Loading />
      ) : state.status === 'error' ? (
        <Failed state={state} retry={retry} />
      ) : (
        <Charts analytics={state.data.getReport.analytics} windowKey={windowKey} />
      )}
    </>
  );
}

/** Project analytics (SPEC §6: business plan only, judged by the one plan rule; other plans see an upgrade notice). */
export function AnalyticsView({ project }: { project: string | null }) {
  const { t } = useTranslation();
  const { state, retry } = useReport(getPlanDocument, noVariables);
  return (
    <section className={styles.section} aria-labelledby="analytics-title">
      <h2 id="analytics-title" className={styles.sectionTitle}>
        {t('reports.analytics.title')}
      </h2>
      <p className={styles.muted}>{t('reports.analytics.description')}</p>
      {state.status === 'loading' ? (
        <Loading />
      ) : state.status === 'error' ? (
        <Failed state={state} retry={retry} />
      ) : planAllows(state.data.getStats.plan, 'analytics') ? (
        <AnalyticsCharts project={project} />
      ) : (
        <Notice tone="info" title={t('reports.analytics.upgradeTitle')}>
          <p>{t('reports.analytics.upgradeDescription')}</p>
        </Notice>
      )}
    </section>
  );
}
