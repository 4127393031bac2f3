import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasUserCookie } from '../../lib/cookies';
import { useDocumentTitle } from '../../lib/documentTitle';
import { Page, PublicLayout } from '../../ui';
import { AppLinks } from './AppLinks';
import styles from './Mobile.module.css';

/**
 * /redirect, /mobile and /mobile/* (SPEC §2), where phones land from /: the apps, and the way on in the
 * browser (to the dashboard when signed in, else to sign-in; never back to /, which would send a phone here again).
 */
export default function RedirectPage() {
  const { t } = useTranslation();
  const title = t('areas.redirect.title');
  useDocumentTitle(title);
  return (
    <PublicLayout productName={t('app.name')}>
      <Page title={title} description={t('areas.redirect.empty')}>
        <Link className={styles.primaryLink} to={hasUserCookie() ? '/overview' : '/signin'}>
          {t('mobile.continueInBrowser')}
        </Link>
        <AppLinks />
      </Page>
    </PublicLayout>
  );
}
