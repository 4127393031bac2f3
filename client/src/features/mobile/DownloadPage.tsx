import { useTranslation } from 'react-i18next';
import { usePageTitleDetail } from '../../lib/documentTitle';
import { Page } from '../../ui';
import { AppLinks } from './AppLinks';

/** The download-the-app page (SPEC §2): the mobile app's QR code and the desktop app. */
export default function DownloadPage() {
  const { t } = useTranslation();
  usePageTitleDetail(t('areas.download.title'));
  return (
    <Page title={t('areas.download.title')} description={t('mobile.intro')}>
      <AppLinks />
    </Page>
  );
}
