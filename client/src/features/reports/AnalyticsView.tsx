import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { planAllows } from '#shared/plans';
import type { ReportWindowKey } from '#shared/reports';
import { Notice } from '../../ui';
import { ChartCard, type ChartCardProps } from './ChartCard';
import { getAnalyticsDocument, getPlanDocument, type ReportAnalytics } from './operations';
import { ReportAnswer, useReportWindow } from './ReportParts';
import { useReport } from './useReport';
import styles from './Reports.module.css';

const noVariables = {};

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
  const { windowKey, range, select } = useReportWindow('lastThreeMonths');
  const { state, retry } = useReport(getAnalyticsDocument, { projects: project === null ? null : [project], ...range });
  return (
    <>
      <div className={styles.controls}>{select}</div>
      <ReportAnswer state={state} retry={retry} ready={(data) => <Charts analytics={data.getReport.analytics} windowKey={windowKey} />} />
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
      <ReportAnswer
        state={state}
        retry={retry}
        ready={(data) =>
          planAllows(data.getStats.plan, 'analytics') ? (
            <AnalyticsCharts project={project} />
          ) : (
            <Notice tone="info" title={t('reports.analytics.upgradeTitle')}>
              <p>{t('reports.analytics.upgradeDescription')}</p>
            </Notice>
          )
        }
      />
    </section>
  );
}
