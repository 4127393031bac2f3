import { useId, type ReactNode } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { profilePhoto } from '#shared/constants';
import { formatBytes } from '#shared/files';
import { Avatar, Button } from '../../ui';
import { PhotoCropDialog } from '../profile/PhotoCropDialog';
import { useImageChoice } from '../profile/useImageChoice';
import styles from './Teams.module.css';

export interface LogoFieldProps {
  label: string;
  /** What the initials stand for while there is no logo. */
  name: string;
  colorKey?: string;
  /** The stored path, a new PNG data URL, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  disabled?: boolean;
  /** Shown instead of the initials avatar while there is no logo (a space shows its colour). */
  fallback?: ReactNode;
}

/**
 * A team or space logo: PNG or JPG of at most 1 MB (checked here first), cropped square to
 * 150x150 like profile photos. It only changes the form's value; the form saves it.
 */
export function LogoField({ label, name, colorKey, value, onChange, disabled = false, fallback }: LogoFieldProps) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const { input, source, problem, choose, closeCropper } = useImageChoice();

  return (
    <div className={styles.logoField} role="group" aria-labelledby={labelId}>
      <span id={labelId} className={styles.fieldLabel}>
        {label}
      </span>
      <div className={styles.logoRow}>
        {!value && fallback ? fallback : <Avatar name={name || '?'} src={value} colorKey={colorKey} size={44} shape="square" />}
        {!disabled && (
          <div className={styles.logoButtons}>
            <Button size="sm" icon={<ImageUp aria-hidden />} onClick={() => input.current?.click()}>
              {value ? t('teams.logo.change') : t('teams.logo.upload')}
            </Button>
            {value && (
              <Button size="sm" variant="ghost" icon={<Trash2 aria-hidden />} onClick={() => onChange(null)}>
                {t('teams.logo.remove')}
              </Button>
            )}
          </div>
        )}
      </div>
      {disabled ? null : problem ? (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      ) : (
        <p className={styles.hint}>{t('profile.photo.hint', { maximum: formatBytes(profilePhoto.maximumBytes, i18n.language) })}</p>
      )}
      <input
        ref={input}
        type="file"
        accept={profilePhoto.mimeTypes.join(',')}
        hidden
        aria-label={t('teams.logo.upload')}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <PhotoCropDialog
        source={source}
        onCancel={closeCropper}
        onCropped={async (dataUrl) => {
          onChange(dataUrl);
          closeCropper();
        }}
      />
    </div>
  );
}
