import { useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { ZoomIn, ZoomOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Notice } from '../../ui';
import { cropToAvatar, loadImage } from './cropImage';
import styles from './Profile.module.css';

const minimumZoom = 1;
const maximumZoom = 3;

export interface PhotoCropDialogProps {
  /** An object URL of the chosen file; the dialog is open while it is set. */
  source: string | null;
  onCancel: () => void;
  /** Receives the 150x150 PNG data URL; resolves once saved, rejects with a message to show. */
  onCropped: (dataUrl: string) => Promise<void>;
}

/** Square crop of a new profile photo: drag to place it, zoom with the slider (or the wheel, or the keyboard on the picture). */
export function PhotoCropDialog({ source, onCancel, onCropped }: PhotoCropDialogProps) {
  const { t } = useTranslation();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(minimumZoom);
  const [area, setArea] = useState<Area | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (saving) return;
    setCrop({ x: 0, y: 0 });
    setZoom(minimumZoom);
    setError(null);
    onCancel();
  };

  const save = async () => {
    if (!source || !area) return;
    setSaving(true);
    setError(null);
    try {
      const image = await loadImage(source);
      await onCropped(cropToAvatar(image, area));
      setCrop({ x: 0, y: 0 });
      setZoom(minimumZoom);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('forms.unexpected'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={source !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={t('profile.photo.cropTitle')}
      description={t('profile.photo.cropDescription')}
      size="md"
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={saving}>
            {t('dialog.cancel')}
          </Button>
          <Button variant="primary" onClick={() => void save()} loading={saving} disabled={!area} data-autofocus>
            {t('profile.photo.apply')}
          </Button>
        </>
      }
    >
      {error && <Notice tone="error">{error}</Notice>}
      <div className={styles.cropArea}>
        {source && (
          <Cropper
            image={source}
            crop={crop}
            zoom={zoom}
            minZoom={minimumZoom}
            maxZoom={maximumZoom}
            aspect={1}
            cropShape="rect"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_area, pixels) => setArea(pixels)}
            mediaProps={{ alt: t('profile.photo.cropImageAlt') }}
            cropperProps={{ 'aria-label': t('profile.photo.cropAreaLabel') }}
          />
        )}
      </div>
      <div className={styles.zoomRow}>
        <ZoomOut size={16} aria-hidden />
        <input
          type="range"
          className={styles.zoomSlider}
          min={minimumZoom}
          max={maximumZoom}
          step={0.01}
          value={zoom}
          aria-label={t('profile.photo.zoom')}
          aria-valuetext={`${Math.round(zoom * 100)} %`}
          onChange={(event) => setZoom(Number(event.target.value))}
        />
        <ZoomIn size={16} aria-hidden />
      </div>
    </Dialog>
  );
}
