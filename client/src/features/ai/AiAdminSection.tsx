import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui';
import type { TeamDetail } from '../teams/operations';

/** Admin's AI section (limits and usage). Until its feature lands it shows the area's empty state. */
export function AiAdminSection({ team }: { team: TeamDetail }) {
  const { t } = useTranslation();
  return <EmptyState icon={Sparkles} title={t('areas.ai.title')} description={t('areas.ai.empty')} key={team.id} />;
}
