import { describe, expect, it } from 'vitest';
import { fileIdOfCover, isAllowedImage, searchBundledCovers } from './covers';
import { createUnsplashSearch } from './unsplash';

describe('bundled covers', () => {
  it('finds covers by name and keyword, best match first', () => {
    expect(searchBundledCovers('Ocean cleanup', 3)[0]).toMatchObject({ name: 'Ocean', author: null });
    expect(searchBundledCovers('Launch party', 3).map((pic) => pic.name)).toContain('Confetti');
    expect(searchBundledCovers('Fix infrastructure bug', 2).map((pic) => pic.name)).toEqual(expect.arrayContaining(['Graphite']));
  });

  it('offers every cover, in a place that depends on the words, when nothing matches', () => {
    const first = searchBundledCovers('qqq', 24);
    expect(new Set(first.map((pic) => pic.img)).size).toBe(24);
    expect(searchBundledCovers('qqq', 1)).toEqual(searchBundledCovers('qqq', 1));
    expect(searchBundledCovers('qqq', 1)).not.toEqual(searchBundledCovers('zzzz', 1));
  });

  it('allows only the server’s media and Unsplash’s image CDN as task images', () => {
    expect(isAllowedImage('/media/covers/ocean.2fe134b72a.svg')).toBe(true);
    expect(isAllowedImage('/media/uploads/abc/photo.png')).toBe(true);
    expect(isAllowedImage('https://images.unsplash.com/photo-1?w=1080')).toBe(true);
    for (const source of [
      '/media/../secret.key',
      '/media/a//b.png',
      'https://images.unsplash.com.evil.example/x',
      'http://images.unsplash.com/x',
      'https://user:pw@images.unsplash.com/x',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      42,
    ]) {
      expect(isAllowedImage(source), String(source)).toBe(false);
    }
  });
});

describe('file covers', () => {
  it('recognises exactly the url of a recorded file, whose id the command then checks against the task', () => {
    expect(fileIdOfCover('/media/files/65a1f0c2b3d4e5f6a7b8c9d0')).toBe('65a1f0c2b3d4e5f6a7b8c9d0');
    for (const cover of [
      '/media/files/65a1f0c2b3d4e5f6a7b8c9d0/thumbnail',
      '/media/files/../65a1f0c2b3d4e5f6a7b8c9d0',
      '/media/files/XYZ',
      'https://evil.example/media/files/65a1f0c2b3d4e5f6a7b8c9d0',
      '/media/covers/ocean.2fe134b72a.svg',
      null,
      7,
    ]) {
      expect(fileIdOfCover(cover), String(cover)).toBeNull();
    }
  });
});

describe('Unsplash search', () => {
  const photo = {
    alt_description: 'blue sea',
    urls: { regular: 'https://images.unsplash.com/photo-1?w=1080' },
    user: { name: 'Ann Photo', links: { html: 'https://unsplash.com/@ann' } },
  };

  it('asks Unsplash with the key in the Authorization header only, and credits the photographer', async () => {
    const requests: { url: string; authorization: string | null }[] = [];
    const search = createUnsplashSearch({
      accessKey: 'secret-key',
      fetch: async (url, init) => {
        requests.push({ url: String(url), authorization: new Headers(init?.headers).get('authorization') });
        return Response.json({ results: [photo, { urls: { regular: 'https://elsewhere.example/x.jpg' } }] });
      },
    });
    const pics = await search.search('sea', 2);
    expect(pics).toEqual([
      {
        img: photo.urls.regular,
        name: 'blue sea',
        author: 'Ann Photo',
        authorUrl: 'https://unsplash.com/@ann?utm_source=workspace&utm_medium=referral',
      },
    ]);
    expect(requests[0]!.url).toContain('https://api.unsplash.com/search/photos?query=sea&per_page=2');
    expect(requests[0]!.url).not.toContain('secret-key');
    expect(requests[0]!.authorization).toBe('Client-ID secret-key');
    expect(JSON.stringify(pics)).not.toContain('secret-key');
    await search.search('sea', 2);
    expect(requests).toHaveLength(1);
  });

  it('fails (so the caller falls back) on an error answer or when Unsplash is too slow', async () => {
    const refused = createUnsplashSearch({ accessKey: 'k', fetch: async () => new Response('{}', { status: 401 }) });
    await expect(refused.search('x', 3)).rejects.toThrow('Unsplash answered 401');
    const slow = createUnsplashSearch({
      accessKey: 'k',
      timeoutMs: 20,
      fetch: (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))),
    });
    await expect(slow.search('x', 3)).rejects.toThrow();
  });
});
