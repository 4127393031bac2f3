import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AiAdminSection } from '../ai/AiAdminSection';
import { BillingSection } from '../billing/BillingSection';
import { InviteForm } from '../teams/InviteForm';
import type { TeamDetail } from '../teams/operations';
import { TeamMembers } from '../teams/TeamMembers';
import { TeamSettingsForm } from '../teams/TeamSettingsForm';
import { TeamsList } from '../teams/TeamsList';
import { ApiTokenSection } from './ApiTokenSection';
import { DarkModeSection } from './DarkModeSection';
import { NotificationsSection } from './NotificationsSection';
import { PermissionsSection } from './PermissionsSection';
import { TeamStatsSection } from './TeamStatsSection';
import styles from './Admin.module.css';

/** SPEC §2 admin sections, in order, with the path segment each has under /<scope>/preferences/admin. */
export const adminSections = [
  'settings',
  'teams',
  'people',
  'billing',
  'ai',
  'notifications',
  'permissions',
  'darkMode',
  'apiToken',
] as const;
export type AdminSection = (typeof adminSections)[number];

export const adminSectionSlugs: Record<AdminSection, string> = {
  settings: 'settings',
  teams: 'teams',
  people: 'people',
  billing: 'billing',
  ai: 'ai',
  notifications: 'notifications',
  permissions: 'permissions',
  darkMode: 'dark-mode',
  apiToken: 'api-token',
};

export function adminSectionFromSlug(slug: string | undefined): AdminSection {
  return adminSections.find((section) => adminSectionSlugs[section] === slug) ?? 'settings';
}

/** The Admin tab: a row of section links and the chosen section. */
export function AdminTab({ team, section, base }: { team: TeamDetail; section: AdminSection; base: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.admin}>
      <nav className={styles.sections} aria-label={t('admin.sectionsLabel')}>
        {adminSections.map((key) => (
          <Link
            key={key}
            to={`${base}/${adminSectionSlugs[key]}`}
            className={key === section ? styles.sectionActive : styles.sectionLink}
            aria-current={key === section ? 'page' : undefined}
          >
            {t(`admin.sections.${key}`)}
          </Link>
        ))}
      </nav>
      <header className={styles.sectionHeader}>
        <h3 className={styles.sectionTitle}>{t(`admin.sections.${section}`)}</h3>
        <p className={styles.sectionDescription}>{t(`admin.descriptions.${section}`)}</p>
      </header>
      {section === 'settings' && <TeamSettingsForm key={`${team.id}-${team.name}-${team.url ?? ''}-${team.logo ?? ''}`} team={team} />}
      {section === 'teams' && <TeamsList />}
      {section === 'people' && (
        <div className={styles.stack}>
          <TeamMembers team={team} />
          {team.role === 'admin' && (
            <section className={styles.block} aria-labelledby="admin-invite">
              <h3 id="admin-invite" className={styles.blockTitle}>
                {t('teams.invite.title')}
              </h3>
              <InviteForm />
            </section>
          )}
        </div>
      )}
      {section === 'billing' && (
        <div className={styles.stack}>
          <BillingSection team={team} />
          <TeamStatsSection />
        </div>
      )}
      {section === 'ai' && <AiAdminSection team={team} />}
      {section === 'notifications' && <NotificationsSection />}
      {section === 'permissions' && <PermissionsSection />}
      {section === 'darkMode' && <DarkModeSection />}
      {section === 'apiToken' && <ApiTokenSection />}
    </div>
  );
}
