import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sandboxMediaResponse } from '../../http/media';
import { fileIdOfPath } from '../../http/mediaPaths';

export interface Pic {
  img: string;
  name: string;
  author: string | null;
  authorUrl: string | null;
}

interface BundledCover {
  file: string;
  name: string;
  keywords: string[];
}

const coverDirectory = resolve(import.meta.dirname, '../../../assets/covers');
const coverPathPrefix = '/media/covers/';

/**
 * The offline covers: SVG gradients and patterns made for this product, listed with names and
 * keywords in catalog.json. A file name carries a hash of its content and is never edited in place,
 * so browsers may cache covers forever.
 */
const catalog: readonly BundledCover[] = JSON.parse(readFileSync(join(coverDirectory, 'catalog.json'), 'utf8')) as BundledCover[];
const coverFiles = new Map(catalog.map((cover) => [cover.file, readFileSync(join(coverDirectory, cover.file))]));

/**
 * The file id of a cover that names a recorded file (its File.url), or null for any other cover: a task
 * may use an image file of its own as its cover. Which file it is is checked against the task by the
 * files area's reaction to the task's events (files/taskFiles.ts).
 */
export function fileIdOfCover(cover: unknown): string | null {
  return typeof cover === 'string' ? fileIdOfPath(cover) : null;
}

const uploadedMediaPattern = /^\/media\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]+)+$/;

/**
 * Images a task may show (cover, or inside its description): the server's own media (bundled
 * covers, uploads) and Unsplash's image CDN. Anything else would let one member make every
 * teammate's browser call a server of their choosing.
 */
export function isAllowedImage(source: unknown): source is string {
  if (typeof source !== 'string' || source.length > 2000) return false;
  if (source.startsWith('/media/')) return uploadedMediaPattern.test(source);
  try {
    const url = new URL(source);
    return url.protocol === 'https:' && url.hostname === 'images.unsplash.com' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 2);
}

function relevance(cover: BundledCover, queryWords: readonly string[]): number {
  const name = cover.name.toLowerCase();
  const keywords = cover.keywords.map((keyword) => keyword.toLowerCase());
  let score = 0;
  for (const word of queryWords) {
    if (name.includes(word)) score += 3;
    if (keywords.includes(word)) score += 2;
    else if (
      keywords.some((keyword) => keyword.split(' ').some((part) => part.startsWith(word) || (part.length >= 4 && word.startsWith(part))))
    )
      score += 1;
  }
  return score;
}

/**
 * Bundled covers for a search, best matches first. Without a match every cover is offered, starting
 * at a place that depends on the words, so different tasks do not all open on the same picture.
 */
export function searchBundledCovers(query: string, count: number): Pic[] {
  const queryWords = words(query);
  const start = [...query].reduce((sum, character) => sum + character.charCodeAt(0), 0) % catalog.length;
  const rotated = catalog.map((_, index) => catalog[(start + index) % catalog.length]!);
  const ranked = rotated
    .map((cover, order) => ({ cover, order, score: relevance(cover, queryWords) }))
    .sort((left, right) => right.score - left.score || left.order - right.order);
  return ranked
    .slice(0, count)
    .map(({ cover }) => ({ img: `${coverPathPrefix}${cover.file}`, name: cover.name, author: null, authorUrl: null }));
}

/**
 * Serves the bundled covers: a fixed list read at start, so no path from a request reaches the disk.
 * Every answer, a missing cover's 404 included, carries the media sandbox like the rest of /media.
 */
export function registerCoverRoutes(server: FastifyInstance): void {
  server.get<{ Params: { file: string } }>(`${coverPathPrefix}:file`, { onRequest: sandboxMediaResponse }, async (request, reply) => {
    const content = coverFiles.get(request.params.file);
    if (!content) return reply.code(404).send({ error: 'Not Found' });
    return reply
      .header('Content-Type', 'image/svg+xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(content);
  });
}
