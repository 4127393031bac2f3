import { Compass, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, EmptyState } from '../../ui';
import { overviewScope } from './areas';
import styles from './AreaPlaceholder.module.css';

/**
 * The not-found page: an unknown path, or an id (space, task, doc) that names nothing the caller
 * may see. `back` offers the way to the enclosing page instead of Home (a missing task's board).
 */
export function NotFound({ back }: { back?: { path: string; label: string } } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.wrapper}>
      <EmptyState
        icon={Compass}
        title={t('errors.notFound.title')}
        description={t('errors.notFound.description')}
        action={
          <Button variant="secondary" onClick={() => void navigate(back?.path ?? `/${overviewScope}`)}>
            {back?.label ?? t('errors.notFound.action')}
          </Button>
        }
      />
    </div>
  );
}

/** The page could not ask the server whether the thing exists (offline, server down): not the same as "not found". */
export function Unreachable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.wrapper}>
      <EmptyState
        icon={WifiOff}
        title={t('spaces.unreachable.title')}
        description={t('spaces.unreachable.description')}
        action={
          <Button variant="secondary" onClick={onRetry}>
            {t('spaces.unreachable.retry')}
          </Button>
        }
      />
    </div>
  );
}
