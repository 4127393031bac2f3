import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { isProjectId } from '../../app/routeRules';
import { EmptyState } from '../../ui';
import { navIcons } from '../shell/areas';
import { DocPage } from './DocPage';
import styles from './Docs.module.css';
import { DocsList } from './DocsList';

/** The docs area: a space's docs by folder, or one doc (the route's detail item); on the overview, the ask for a space. */
export default function DocsPage() {
  const { t } = useTranslation();
  const { project, id, id2 } = useParams();
  // A doc is the route's detail item (/d/:id2); any other second segment is not a docs path and shows the folder.
  const openDoc = /\/d\/[^/]+\/?$/.test(useLocation().pathname) ? id2 : undefined;
  if (!project || !isProjectId(project)) {
    return (
      <div className={styles.empty}>
        <EmptyState icon={navIcons.docs} title={t('areas.docs.title')} description={t('docs.pickSpace')} />
      </div>
    );
  }
  if (openDoc) return <DocPage key={openDoc} project={project} id={openDoc} />;
  return <DocsList key={`${project}/${id ?? ''}`} project={project} folder={id ?? null} />;
}
