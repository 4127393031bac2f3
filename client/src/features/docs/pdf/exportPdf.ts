/**
 * Exports a doc as "<title>.pdf" in the browser. @react-pdf/renderer and the conversion load on
 * the first export only (a separate chunk); images are fetched with the session and handed over
 * as PNG or JPEG data, the only formats react-pdf draws (uploads can be WebP or GIF).
 */
import { createElement } from 'react';
import { isControlCharacter } from '../../../lib/controlCharacters';
import { isAppMediaPath } from '../editor/images';
import type { PdfNode } from './DocPdf';

export type PdfStage = 'loading' | 'images' | 'rendering';

export interface PdfExport {
  title: string;
  emoji: string | null;
  content: PdfNode;
  productName: string;
  onStage?: (stage: PdfStage) => void;
}

function imageSources(node: PdfNode, found = new Set<string>()): Set<string> {
  const src = node.type === 'image' ? node.attrs?.src : undefined;
  if (typeof src === 'string' && isAppMediaPath(src)) found.add(src);
  for (const child of node.content ?? []) imageSources(child, found);
  return found;
}

const readAsDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(blob);
  });

async function asPdfImage(blob: Blob): Promise<string> {
  if (blob.type === 'image/png' || blob.type === 'image/jpeg') return readAsDataUrl(blob);
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  bitmap.close();
  return canvas.toDataURL('image/png');
}

/** Each image of the doc as data; one that cannot be fetched or decoded is left out of the PDF. */
async function loadImages(content: PdfNode): Promise<Map<string, string>> {
  const entries = await Promise.all(
    [...imageSources(content)].map(async (src) => {
      try {
        const response = await fetch(src, { credentials: 'include' });
        if (!response.ok) return null;
        return [src, await asPdfImage(await response.blob())] as const;
      } catch {
        return null;
      }
    }),
  );
  return new Map(entries.filter((entry) => entry !== null));
}

/** A file name from the title: no path separators or characters that file systems refuse. */
export function pdfFileName(title: string): string {
  const name = Array.from(title, (character) => (isControlCharacter(character) || '\\/:*?"<>|'.includes(character) ? ' ' : character))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${name || 'doc'}.pdf`;
}

export async function exportDocPdf({ title, emoji, content, productName, onStage }: PdfExport): Promise<void> {
  onStage?.('loading');
  const [{ pdf }, { DocPdf }] = await Promise.all([import('@react-pdf/renderer'), import('./DocPdf')]);
  onStage?.('images');
  const images = await loadImages(content);
  onStage?.('rendering');
  const blob = await pdf(createElement(DocPdf, { title, emoji, content, images, productName })).toBlob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = pdfFileName(title);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
