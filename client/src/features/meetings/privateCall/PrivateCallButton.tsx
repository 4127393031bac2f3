import { Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui';

/** The private chat's "Start a call": opens the chat's call page, which sets up devices, joins and rings the others. */
export function PrivateCallButton({ privat }: { privat: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button size="sm" variant="ghost" icon={<Video size={16} />} onClick={() => void navigate(`/chats/${privat}/call`)}>
      {t('chat.call.start')}
    </Button>
  );
}
