import { useState } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { profilePhoto } from '#shared/constants';
import { formatBytes } from '#shared/files';
import { describeRequestError } from '../../lib/formMessages';
import { request } from '../../lib/graphql';
import { useStore } from '../../lib/store';
import { Avatar, Button, showToast } from '../../ui';
import { storeProfile } from './atoms';
import { editProfileDocument, type Profile } from './operations';
import { PhotoCropDialog } from './PhotoCropDialog';
import styles from './Profile.module.css';
import { useImageChoice } from './useImageChoice';

/** The profile photo: upload (PNG or JPG, at most 1 MB, checked here first), crop to 150x150, or remove. Saved at once. */
export function ProfilePhoto({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const { input: fileInput, source, problem, setProblem, choose, closeCropper } = useImageChoice();
  const [removing, setRemoving] = useState(false);
  const name = `${profile.firstname} ${profile.lastname}`.trim() || profile.email;

  const save = async (profileImg: string | null) => {
    try {
      const { ediUser } = await request(editProfileDocument, { profileImg }, { handledByCaller: true });
      storeProfile(ediUser, store);
      showToast({ message: profileImg ? t('profile.photo.updated') : t('profile.photo.removed'), icon: 'success' });
    } catch (error) {
      throw new Error(describeRequestError(error, t, i18n.language).message, { cause: error });
    }
  };

  const remove = async () => {
    setRemoving(true);
    setProblem(null);
    try {
      await save(null);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t('forms.unexpected'));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <div className={styles.photo}>
      <Avatar name={name} src={profile.profileImg} colorKey={profile.id} size={64} />
      <div className={styles.photoControls}>
        <div className={styles.photoButtons}>
          <Button size="sm" icon={<ImageUp aria-hidden />} onClick={() => fileInput.current?.click()}>
            {profile.profileImg ? t('profile.photo.change') : t('profile.photo.upload')}
          </Button>
          {profile.profileImg && (
            <Button size="sm" variant="ghost" icon={<Trash2 aria-hidden />} loading={removing} onClick={() => void remove()}>
              {t('profile.photo.remove')}
            </Button>
          )}
        </div>
        {problem ? (
          <p className={styles.photoProblem} role="alert">
            {problem}
          </p>
        ) : (
          <p className={styles.photoHint}>{t('profile.photo.hint', { maximum: formatBytes(profilePhoto.maximumBytes, i18n.language) })}</p>
        )}
        <input
          ref={fileInput}
          type="file"
          accept={profilePhoto.mimeTypes.join(',')}
          hidden
          aria-label={t('profile.photo.upload')}
          onChange={(event) => choose(event.target.files?.[0])}
        />
      </div>
      <PhotoCropDialog
        source={source}
        onCancel={closeCropper}
        onCropped={async (dataUrl) => {
          await save(dataUrl);
          closeCropper();
        }}
      />
    </div>
  );
}
