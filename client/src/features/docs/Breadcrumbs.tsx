import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './Docs.module.css';
import type { DocFolder } from './operations';
import { docsListPath } from './paths';

/** Docs › folders above › the open folder; every step but the last is a link. */
export function Breadcrumbs({ project, current }: { project: string; current: DocFolder | null }) {
  const { t } = useTranslation();
  const trail = current ? [...current.path.filter((step) => step.id !== current.id), { id: current.id, name: current.name }] : [];
  return (
    <nav aria-label={t('docs.list.breadcrumbs')} className={styles.breadcrumbs}>
      <ol>
        <li>
          {trail.length === 0 ? (
            <h2 className={styles.title} aria-current="page">
              {t('areas.docs.title')}
            </h2>
          ) : (
            <Link to={docsListPath(project, null)}>{t('areas.docs.title')}</Link>
          )}
        </li>
        {trail.map((step, index) => (
          <li key={step.id}>
            <ChevronRight size={14} aria-hidden />
            {index === trail.length - 1 ? (
              <h2 className={styles.title} aria-current="page">
                {step.name}
              </h2>
            ) : (
              <Link to={docsListPath(project, step.id)}>{step.name}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
