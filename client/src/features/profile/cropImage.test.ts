import { describe, expect, it, vi } from 'vitest';
import { cropToAvatar, type CanvasImage, type CropCanvas } from './cropImage';

function fakeCanvas() {
  const drawImage = vi.fn();
  const canvas: CropCanvas & { drawImage: typeof drawImage; exportedAs?: string } = {
    width: 300,
    height: 150,
    drawImage,
    getContext: () => ({ drawImage, imageSmoothingQuality: 'low' }),
    toDataURL(type: string) {
      canvas.exportedAs = type;
      return `data:${type};base64,AAAA`;
    },
  };
  return canvas;
}

const photo = { naturalWidth: 1200, naturalHeight: 800 } as CanvasImage;

describe('cropping the profile photo (SPEC §5: 150x150)', () => {
  it('draws the chosen square onto a 150x150 canvas and exports a PNG data URL', () => {
    const canvas = fakeCanvas();
    const dataUrl = cropToAvatar(photo, { x: 200.4, y: 100, width: 600, height: 600 }, () => canvas);
    expect([canvas.width, canvas.height]).toEqual([150, 150]);
    expect(canvas.drawImage).toHaveBeenCalledWith(photo, 200, 100, 600, 600, 0, 0, 150, 150);
    expect(canvas.exportedAs).toBe('image/png');
    expect(dataUrl).toBe('data:image/png;base64,AAAA');
  });

  it('scales a small crop up to 150x150 and keeps it inside the picture', () => {
    const canvas = fakeCanvas();
    cropToAvatar(photo, { x: 1150, y: -2, width: 60, height: 60 }, () => canvas);
    expect([canvas.width, canvas.height]).toEqual([150, 150]);
    expect(canvas.drawImage).toHaveBeenCalledWith(photo, 1150, 0, 50, 60, 0, 0, 150, 150);
  });
});
