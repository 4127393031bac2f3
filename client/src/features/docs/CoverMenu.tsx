import { Image as ImageIcon, ImageOff, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, Menu, MenuContent, MenuItem, MenuTrigger, openDialog, showToast } from '../../ui';
import { isAppMediaPath } from './editor/images';
import { useImageUpload } from './useImageUpload';

/** The cover: an image uploaded now or earlier to the space (its /media path), or none. */
export function CoverMenu({ project, cover, onChange }: { project: string; cover: string | null; onChange: (cover: string) => void }) {
  const { t } = useTranslation();
  const upload = useImageUpload(project, onChange);
  const choose = async () => {
    const { confirmed, values } = await openDialog({
      title: t('docs.cover.title'),
      description: t('docs.cover.hint'),
      inputs: [{ label: t('docs.cover.path'), placeholder: '/media/…', defaultValue: cover ?? '' }],
      primaryLabel: t('docs.cover.set'),
    });
    const path = values[0]?.trim() ?? '';
    if (!confirmed || !path) return;
    if (isAppMediaPath(path)) onChange(path);
    else showToast({ message: t('docs.cover.invalid'), icon: 'error' });
  };
  return (
    <Menu>
      <MenuTrigger asChild>
        <Button size="sm" variant="ghost" icon={<ImageIcon size={14} aria-hidden />} loading={upload.uploading}>
          {t('docs.cover.menu')}
        </Button>
      </MenuTrigger>
      <input {...upload.inputProps} />
      <MenuContent align="end">
        <MenuItem icon={<Upload size={14} aria-hidden />} onSelect={upload.pick}>
          {t('docs.cover.upload')}
        </MenuItem>
        <MenuItem icon={<ImageIcon size={14} aria-hidden />} onSelect={() => void choose()}>
          {cover ? t('docs.cover.change') : t('docs.cover.add')}
        </MenuItem>
        {cover && (
          <MenuItem icon={<ImageOff size={14} aria-hidden />} onSelect={() => onChange('')}>
            {t('docs.cover.remove')}
          </MenuItem>
        )}
      </MenuContent>
    </Menu>
  );
}
