import { isAllowedImage, type Pic } from './covers';

export interface PictureSearch {
  /** Pictures for the words, or a thrown error when the provider cannot answer (the caller falls back). */
  search(query: string, count: number): Promise<Pic[]>;
}

interface UnsplashPhoto {
  alt_description?: string | null;
  description?: string | null;
  urls?: { regular?: string };
  user?: { name?: string; links?: { html?: string } };
}

export interface UnsplashOptions {
  accessKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** A name for Unsplash's referral links (their API guidelines ask for it in attributions). */
  applicationName?: string;
}

const cacheLifetimeMs = 60 * 60 * 1000;
const cacheEntries = 200;

/**
 * Unsplash photo search. The access key travels only in the Authorization header of requests to
 * api.unsplash.com and never in an answer, a log line or an error. Answers are cached for an hour
 * (a demo key allows 50 requests an hour), and a slow provider is cut off after the timeout.
 */
export function createUnsplashSearch(options: UnsplashOptions): PictureSearch {
  const fetchImplementation = options.fetch ?? fetch;
  const referral = `utm_source=${encodeURIComponent(options.applicationName ?? 'workspace')}&utm_medium=referral`;
  const cache = new Map<string, { storedAt: number; pics: Pic[] }>();

  return {
    async search(query, count) {
      const key = `${count}:${query.trim().toLowerCase()}`;
      const cached = cache.get(key);
      if (cached && Date.now() - cached.storedAt < cacheLifetimeMs) return cached.pics;
      const url = new URL('https://api.unsplash.com/search/photos');
      url.searchParams.set('query', query);
      url.searchParams.set('per_page', String(count));
      url.searchParams.set('orientation', 'landscape');
      url.searchParams.set('content_filter', 'high');
      const response = await fetchImplementation(url, {
        headers: { Authorization: `Client-ID ${options.accessKey}`, 'Accept-Version': 'v1' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 4000),
        redirect: 'error',
      });
      if (!response.ok) throw new Error(`Unsplash answered ${response.status}`);
      const body = (await response.json()) as { results?: UnsplashPhoto[] };
      const pics = (body.results ?? []).flatMap((photo): Pic[] => {
        const img = photo.urls?.regular;
        if (!isAllowedImage(img)) return [];
        const profile = photo.user?.links?.html;
        return [
          {
            img,
            name: (photo.alt_description ?? photo.description ?? '').trim() || query,
            author: photo.user?.name ?? null,
            authorUrl: profile?.startsWith('https://unsplash.com/') ? `${profile}?${referral}` : null,
          },
        ];
      });
      if (cache.size >= cacheEntries) cache.delete(cache.keys().next().value!);
      cache.set(key, { storedAt: Date.now(), pics });
      return pics;
    },
  };
}
