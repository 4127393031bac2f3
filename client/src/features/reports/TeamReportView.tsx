import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BarChart3 } from 'lucide-react';
import { isReportWindowKey, reportWindowKeys, reportWindowStart, type ReportWindowKey } from '#shared/reports';
import { Button, EmptyState, Notice, Select, Spinner } from '../../ui';
import { getTeamReportDocument, type TeamReport } from './operations';
import { useReport } from './useReport';
import styles from './Reports.module.css';

const countColumns = ['created', 'finished', 'moved', 'comments'] as const;

function ReportTable({ report }: { report: TeamReport }) {
  const { t } = useTranslation();
  if (report.teamTasks.length === 0)
    return <EmptyState icon={BarChart3} title={t('reports.team.emptyTitle')} description={t('reports.team.emptyDescription')} />;
  return (
    // Focusable, so a keyboard can scroll a table wider than a phone.
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t('reports.team.caption')}>
      <table className={styles.table}>
        <caption className={styles.caption}>{t('reports.team.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('reports.team.member')}</th>
            <th scope="col">{t('reports.team.space')}</th>
            {countColumns.map((column) => (
              <th scope="col" key={column} className={styles.number}>
                {t(`reports.team.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.teamTasks.map((row) => (
            <tr key={`${row.user.id}:${row.project}`}>
              <th scope="row">{`${row.user.firstname} ${row.user.lastname}`.trim()}</th>
              <td>{row.projectName}</td>
              {countColumns.map((column) => (
                <td key={column} className={styles.number}>
                  {row[column]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Team reports over SPEC §9's windows: per member and space, tasks created, finished and moved and task comments. */
export function TeamReportView({ project }: { project: string | null }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const given = params.get('window');
  const windowKey: ReportWindowKey = isReportWindowKey(given) ? given : 'lastWeek';
  // The window ends when it was chosen, so the variables (and the request) stay the same between renders.
  const [asked, setAsked] = useState(() => ({ windowKey, end: new Date() }));
  const current = asked.windowKey === windowKey ? asked : { windowKey, end: new Date() };
  if (current !== asked) setAsked(current);
  const { state, retry } = useReport(getTeamReportDocument, {
    projects: project === null ? null : [project],
    startdate: reportWindowStart(current.windowKey, current.end).toISOString(),
    enddate: current.end.toISOString(),
  });
  return (
    <section className={styles.section} aria-labelledby="team-report-title">
      <h2 id="team-report-title" className={styles.sectionTitle}>
        {t('reports.team.title')}
      </h2>
      <p className={styles.muted}>{t('reports.team.description')}</p>
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
        <div className={styles.loading}>
          <Spinner size={20} label={t('reports.loading')} />
        </div>
      ) : state.status === 'error' ? (
        <Notice tone="error" title={t('reports.failed')}>
          <p>{state.message}</p>
          <Button size="sm" onClick={retry}>
            {t('reports.tryAgain')}
          </Button>
        </Notice>
      ) : (
        <ReportTable report={state.data.getReport} />
      )}
    </section>
  );
}
