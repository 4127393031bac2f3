import { useTranslation } from 'react-i18next';
import { useOutletContext, useSearchParams } from 'react-router';
import { overviewScope, type DashboardLocation } from '../shell/areas';
import { AnalyticsView } from './AnalyticsView';
import { StandupView } from './StandupView';
import { TeamReportView } from './TeamReportView';
import styles from './Reports.module.css';

const views = ['standup', 'team', 'analytics'] as const;
type ReportView = (typeof views)[number];

/**
 * The reports area: the daily standup and the team reports, of the whole team in the overview or of one space
 * inside it. The view, day and window live in the URL, so a reload or a shared link shows the same report.
 */
export default function ReportsPage() {
  const { t } = useTranslation();
  const location = useOutletContext<DashboardLocation>();
  const project = location.scope === overviewScope ? null : location.scope;
  const [params, setParams] = useSearchParams();
  const given = params.get('view');
  const view: ReportView = views.find((key) => key === given) ?? 'standup';
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('reports.title')}</h1>
      <nav className={styles.switcher} aria-label={t('reports.views')}>
        {views.map((key) => (
          <button
            key={key}
            type="button"
            className={styles.switch}
            aria-pressed={view === key}
            onClick={() => setParams(new URLSearchParams({ view: key }), { replace: true })}
          >
            {t(`reports.viewNames.${key}`)}
          </button>
        ))}
      </nav>
      {view === 'standup' ? <StandupView project={project} /> : null}
      {view === 'team' ? <TeamReportView project={project} /> : null}
      {view === 'analytics' ? <AnalyticsView project={project} /> : null}
    </div>
  );
}
