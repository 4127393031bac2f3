import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../ui';
import { uploadErrorMessage, uploadFile } from '../files/upload';

/**
 * Uploads one image to the doc's space through the files area's upload module and hands over its
 * /media path. `pick` opens the file chooser; render `input` somewhere in the component.
 */
export function useImageUpload(project: string | null, onUploaded: (path: string) => void) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    if (!project) return;
    if (!file.type.startsWith('image/')) {
      showToast({ message: t('docs.upload.notImage'), icon: 'error' });
      return;
    }
    setUploading(true);
    try {
      const stored = await uploadFile(file, { project });
      onUploaded(stored.url);
    } catch (error) {
      showToast({ title: t('docs.upload.failed'), message: uploadErrorMessage(error, t, i18n.language), icon: 'error' });
    } finally {
      setUploading(false);
    }
  };

  // The same function for the component's life: an editor made once keeps it.
  const pick = useCallback(() => input.current?.click(), []);

  return {
    uploading,
    pick,
    inputProps: {
      ref: input,
      type: 'file',
      accept: 'image/*',
      hidden: true,
      'aria-hidden': true,
      tabIndex: -1,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) void upload(file);
      },
    } as const,
  };
}
