import { useTranslation } from 'react-i18next';
import { usePageTitleDetail } from '../../lib/documentTitle';
import { AppLinks } from './AppLinks';
import styles from './Mobile.module.css';

/** The download-the-app page (SPEC §2): the mobile app's QR code and the desktop app. */
export default function DownloadPage() {
  const { t } = useTranslation();
  usePageTitleDetail(t('areas.download.title'));
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('areas.download.title')}</h1>
      <p className={styles.intro}>{t('mobile.intro')}</p>
      <AppLinks />
    </div>
  );
}
