import { useState } from 'react';
import { Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request } from '../../lib/graphql';
import { Button } from '../../ui';
import { initiateMeetingroomDocument } from '../meetings/operations';

/** The space chat's "Start a call": opens the space's meeting room, where the call page joins its call. Nobody is rung. */
export function SpaceCallButton({ space }: { space: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);

  const start = async () => {
    setOpening(true);
    try {
      const { initiateMeetingroom } = await request(initiateMeetingroomDocument, { project: space });
      await navigate(`/meetingroom/${initiateMeetingroom.id}`);
    } catch {
      // The data client has shown why; the button can be pressed again.
      setOpening(false);
    }
  };

  return (
    <Button size="sm" variant="ghost" icon={<Video size={16} />} loading={opening} onClick={() => void start()}>
      {t('chat.call.start')}
    </Button>
  );
}
