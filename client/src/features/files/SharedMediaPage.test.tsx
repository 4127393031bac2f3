// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import SharedMediaPage, { fileNameFromDisposition } from './SharedMediaPage';

const routes = [{ path: 'share/media/:fileId', element: <SharedMediaPage /> }];

function answer(status: number, headers: Record<string, string> = {}) {
  const fetch = vi.fn(async () => new Response(null, { status, headers }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const disposition = (name: string, kind = 'inline') => `${kind}; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('shared media page', () => {
  it('shows a shared image with its name, size and a download link, asking the public route with HEAD', async () => {
    const fetch = answer(200, { 'content-type': 'image/png', 'content-length': '1536', 'content-disposition': disposition('Été à la plage.png') });
    renderRoute('/share/media/f1', routes);
    const image = await screen.findByRole('img', { name: 'Été à la plage.png' });
    expect(image.getAttribute('src')).toBe('/media/files/f1/shared');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Shared media');
    expect(screen.getByRole('heading', { level: 2, name: 'Été à la plage.png' })).toBeTruthy();
    expect(screen.getByText('1.5 KB')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe('/media/files/f1/shared?download=1');
    expect(fetch).toHaveBeenCalledWith('/media/files/f1/shared', expect.objectContaining({ method: 'HEAD' }));
  });

  it('plays a shared video and embeds a shared PDF', async () => {
    answer(200, { 'content-type': 'video/mp4', 'content-disposition': disposition('demo.mp4') });
    renderRoute('/share/media/v1', routes);
    expect((await screen.findByTestId('shared-video')).hasAttribute('controls')).toBe(true);
    cleanup();
    answer(200, { 'content-type': 'application/pdf', 'content-disposition': disposition('terms.pdf') });
    renderRoute('/share/media/p1', routes);
    expect((await screen.findByTitle('terms.pdf')).getAttribute('src')).toBe('/media/files/p1/shared');
  });

  it('offers other files for download without a preview', async () => {
    answer(200, { 'content-type': 'application/zip', 'content-disposition': disposition('archive.zip', 'attachment') });
    renderRoute('/share/media/z1', routes);
    expect(await screen.findByText('There is no preview for this kind of file. Download it to open it.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' })).toBeTruthy();
  });

  it('says clearly when sharing is off or the file is gone', async () => {
    answer(404);
    renderRoute('/share/media/gone', routes);
    expect(await screen.findByRole('heading', { name: 'This file is not available' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
  });

  it('explains a rate limit, and offers a retry after a network failure', async () => {
    answer(429);
    renderRoute('/share/media/f1', routes);
    expect(await screen.findByText('Too many requests. Wait a moment, then reload the page.')).toBeTruthy();
    cleanup();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    renderRoute('/share/media/f1', routes);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    answer(200, { 'content-type': 'image/jpeg', 'content-disposition': disposition('back.jpg') });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: 'back.jpg' })).toBeTruthy();
  });

  it('reads the UTF-8 file name before the plain one', () => {
    expect(fileNameFromDisposition(disposition('naïve.txt'))).toBe('naïve.txt');
    expect(fileNameFromDisposition('attachment; filename="plain.txt"')).toBe('plain.txt');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
