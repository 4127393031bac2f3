import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, EmptyState } from '../../ui';
import { overviewScope } from './areas';
import styles from './AreaPlaceholder.module.css';

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.wrapper}>
      <EmptyState
        icon={Compass}
        title={t('errors.notFound.title')}
        description={t('errors.notFound.description')}
        action={
          <Button variant="secondary" onClick={() => void navigate(`/${overviewScope}`)}>
            {t('errors.notFound.action')}
          </Button>
        }
      />
    </div>
  );
}
