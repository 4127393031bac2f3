import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/documentTitle';
import { EmptyState, PublicLayout } from '../../ui';

type PublicArea = 'meetingroom' | 'shareMedia' | 'shareDoc' | 'redirect';

/** The empty state of a page outside the dashboard, until its feature is built. */
export function PublicPlaceholder({ area, icon }: { area: PublicArea; icon: LucideIcon }) {
  const { t } = useTranslation();
  const title = t(`areas.${area}.title`);
  useDocumentTitle(title);
  return (
    <PublicLayout productName={t('app.name')}>
      <EmptyState icon={icon} title={title} description={t(`areas.${area}.empty`)} headingLevel={1} />
    </PublicLayout>
  );
}
