import { useTranslation } from 'react-i18next';
import { Link, useOutletContext, useParams } from 'react-router';
import { usePageTitleDetail } from '../../lib/documentTitle';
import { describeRequestError } from '../../lib/formMessages';
import { Button, Notice, Spinner } from '../../ui';
import { AccountTab } from '../profile/AccountTab';
import { ProfileTab } from '../profile/ProfileTab';
import { useProfile } from '../profile/useProfile';
import { AnalyticsView } from '../reports/AnalyticsView';
import { navPath, type DashboardLocation } from '../shell/areas';
import { ActivityTab } from '../teams/ActivityTab';
import { useTeamDetail } from '../teams/useTeamDetail';
import { adminSectionFromSlug, AdminTab } from './AdminTab';
import { TeamTab } from './TeamTab';
import styles from './PreferencesPage.module.css';

/** SPEC §2 profile and admin tabs, in order; the URL is /<scope>/preferences/<tab>, the profile tab having none. */
export const preferencesTabs = ['profile', 'account', 'admin', 'team', 'analytics', 'activity'] as const;
export type PreferencesTab = (typeof preferencesTabs)[number];

function isPreferencesTab(value: string | undefined): value is PreferencesTab {
  return preferencesTabs.some((tab) => tab === value);
}

/** While a tab's data loads: a spinner, or the error with "Try again" when it cannot load. */
function LoadingPanel({
  failed,
  retry,
  failedTitle,
  loadingText,
}: {
  failed: unknown;
  retry: () => void;
  failedTitle: string;
  loadingText: string;
}) {
  const { t, i18n } = useTranslation();
  if (failed) {
    return (
      <div className={styles.state}>
        <Notice tone="error" title={failedTitle}>
          {describeRequestError(failed, t, i18n.language).message}
        </Notice>
        <Button onClick={retry}>{t('profile.retry')}</Button>
      </div>
    );
  }
  return (
    <div className={styles.state} role="status">
      <Spinner size={18} />
      <span>{loadingText}</span>
    </div>
  );
}

/** The profile and account tabs need the full profile. */
function ProfilePanels({ tab }: { tab: 'profile' | 'account' }) {
  const { t } = useTranslation();
  const { profile, failed, retry } = useProfile();
  if (profile) return tab === 'profile' ? <ProfileTab profile={profile} /> : <AccountTab profile={profile} />;
  return <LoadingPanel failed={failed} retry={retry} failedTitle={t('profile.loadFailed')} loadingText={t('profile.loading')} />;
}

/** The team tabs need the current team's detail (roles, invitations). */
function TeamPanels({ tab, section, base }: { tab: 'admin' | 'team'; section: string | undefined; base: string }) {
  const { t } = useTranslation();
  const { team, failed, retry } = useTeamDetail();
  if (team)
    return tab === 'admin' ? (
      <AdminTab team={team} section={adminSectionFromSlug(section)} base={`${base}/admin`} />
    ) : (
      <TeamTab team={team} />
    );
  return <LoadingPanel failed={failed} retry={retry} failedTitle={t('teams.loadFailed')} loadingText={t('teams.loading')} />;
}

/**
 * Project analytics across the team's spaces (the reports area's view, with its own heading; business plan only).
 * The team detail is kept live by the team's subscription, so when its plan changes (set elsewhere) the view starts
 * again, locked or unlocked, without a reload.
 */
function AnalyticsPanel() {
  const { t } = useTranslation();
  const { team, failed, retry } = useTeamDetail();
  if (team) return <AnalyticsView key={team.subscription} project={null} />;
  return (
    <>
      <header className={styles.header}>
        <h2 className={styles.title}>{t('preferences.tabs.analytics')}</h2>
      </header>
      <LoadingPanel failed={failed} retry={retry} failedTitle={t('teams.loadFailed')} loadingText={t('teams.loading')} />
    </>
  );
}

/** The preferences area: the user's own profile and account, and the team's administration tabs. */
export default function PreferencesPage() {
  const { t } = useTranslation();
  const { id, id2 } = useParams();
  const location = useOutletContext<DashboardLocation>();
  const tab: PreferencesTab = isPreferencesTab(id) ? id : 'profile';
  const base = navPath('preferences', location.scope);
  const tabName = t(`preferences.tabs.${tab}`);
  usePageTitleDetail(tab === 'admin' ? `${t(`admin.sections.${adminSectionFromSlug(id2)}`)} · ${tabName}` : tabName);

  return (
    <div className={styles.page}>
      <nav className={styles.tabs} aria-label={t('preferences.sections')}>
        {preferencesTabs.map((key) => (
          <Link
            key={key}
            to={key === 'profile' ? base : `${base}/${key}`}
            className={key === tab ? styles.tabActive : styles.tab}
            aria-current={key === tab ? 'page' : undefined}
          >
            {t(`preferences.tabs.${key}`)}
          </Link>
        ))}
      </nav>
      <div className={styles.content}>
        {tab === 'analytics' ? (
          <AnalyticsPanel />
        ) : (
          <>
            <header className={styles.header}>
              <h2 className={styles.title}>{t(`preferences.tabs.${tab}`)}</h2>
              <p className={styles.description}>{t(`preferences.descriptions.${tab}`)}</p>
            </header>
            {(tab === 'profile' || tab === 'account') && <ProfilePanels tab={tab} />}
            {(tab === 'admin' || tab === 'team') && <TeamPanels tab={tab} section={id2} base={base} />}
            {tab === 'activity' && <ActivityTab />}
          </>
        )}
      </div>
    </div>
  );
}
