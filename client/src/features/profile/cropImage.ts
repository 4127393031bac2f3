/**
 * Turns the part of a photo chosen in the cropper into the avatar the server stores: exactly
 * 150x150 (SPEC §5), drawn on a canvas and sent as a PNG data URL.
 */
import { profilePhoto } from '#shared/constants';

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the cropper needs of a canvas: injectable so the output size is testable without a browser. */
export interface CropCanvas {
  width: number;
  height: number;
  getContext(contextId: '2d'): Pick<CanvasRenderingContext2D, 'drawImage' | 'imageSmoothingQuality'> | null;
  toDataURL(type: string): string;
}

export type CanvasImage = CanvasImageSource & { naturalWidth: number; naturalHeight: number };

const createBrowserCanvas = (): CropCanvas => document.createElement('canvas');

/** Draws `area` of `image` scaled onto a 150x150 canvas and returns it as a PNG data URL. */
export function cropToAvatar(image: CanvasImage, area: PixelArea, createCanvas: () => CropCanvas = createBrowserCanvas): string {
  const canvas = createCanvas();
  canvas.width = profilePhoto.cropWidthPx;
  canvas.height = profilePhoto.cropHeightPx;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images on a canvas.');
  context.imageSmoothingQuality = 'high';
  const x = Math.max(0, Math.round(area.x));
  const y = Math.max(0, Math.round(area.y));
  const width = Math.min(Math.round(area.width), image.naturalWidth - x);
  const height = Math.min(Math.round(area.height), image.naturalHeight - y);
  context.drawImage(image, x, y, width, height, 0, 0, profilePhoto.cropWidthPx, profilePhoto.cropHeightPx);
  return canvas.toDataURL('image/png');
}

/** Loads a picture (an object URL of the chosen file) so it can be drawn. */
export function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read.'));
    image.src = source;
  });
}
