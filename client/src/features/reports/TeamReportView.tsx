import { useTranslation } from 'react-i18next';
import { BarChart3 } from 'lucide-react';
import { EmptyState } from '../../ui';
import { getTeamReportDocument, type TeamReport } from './operations';
import { ReportAnswer, useReportWindow } from './ReportParts';
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
  const { range, select } = useReportWindow('lastWeek');
  const { state, retry } = useReport(getTeamReportDocument, { projects: project === null ? null : [project], ...range });
  return (
    <section className={styles.section} aria-labelledby="team-report-title">
      <h2 id="team-report-title" className={styles.sectionTitle}>
        {t('reports.team.title')}
      </h2>
      <p className={styles.muted}>{t('reports.team.description')}</p>
      <div className={styles.controls}>{select}</div>
      <ReportAnswer state={state} retry={retry} ready={(data) => <ReportTable report={data.getReport} />} />
    </section>
  );
}
