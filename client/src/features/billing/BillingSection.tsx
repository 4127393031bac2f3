import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui';
import type { TeamDetail } from '../teams/operations';

/** Admin's plans and billing section. Until its feature lands it shows the section's empty state. */
export function BillingSection({ team }: { team: TeamDetail }) {
  const { t } = useTranslation();
  return <EmptyState icon={CreditCard} title={t('admin.billing.title')} description={t('admin.billing.later')} key={team.id} />;
}
