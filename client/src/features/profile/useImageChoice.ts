import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profilePhoto } from '#shared/constants';
import { formatBytes } from '#shared/files';
import { profilePhotoRejection } from '#shared/uploads';

/**
 * Picking an image for a photo or logo: a hidden file input, the SPEC §5 checks (PNG or JPG, at
 * most 1 MB) with translated problems, and an object URL for the crop dialog, released when replaced.
 */
export function useImageChoice() {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (source) URL.revokeObjectURL(source);
    },
    [source],
  );

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const rejection = profilePhotoRejection(file.type, file.size);
    if (rejection === 'file_invalid_type') return setProblem(t('profile.photo.wrongType'));
    if (rejection === 'file_too_large') {
      return setProblem(
        t('profile.photo.tooLarge', {
          size: formatBytes(file.size, i18n.language),
          maximum: formatBytes(profilePhoto.maximumBytes, i18n.language),
        }),
      );
    }
    setProblem(null);
    setSource(URL.createObjectURL(file));
  };

  return { input, source, problem, setProblem, choose, closeCropper: () => setSource(null) };
}
