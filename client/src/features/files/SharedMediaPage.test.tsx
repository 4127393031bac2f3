// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderRoute } from '../../test/renderRoute';
import SharedMediaPage from './SharedMediaPage';

// pdf.js does not run in happy-dom: the page is checked to hand the preview the right bytes.
vi.mock('./pdf/PdfViewer', () => ({
  PdfViewer: ({ source, name }: { source: { url: string; credentials: string }; name: string }) => (
    <section aria-label={name} data-url={source.url} data-credentials={source.credentials} />
  ),
}));

const routes = [{ path: 'share/media/:fileId', element: <SharedMediaPage /> }];

const details = (id: string, name: string, type: string, kind: string, size: number) => () => ({
  data: { getSharedFile: { id, name, type, kind, size } },
});

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('shared media page', () => {
  it('shows a shared image with its name, real size and a download link, from getSharedFile', async () => {
    const graphql = mockGraphQL({ getSharedFile: details('f1', 'Été à la plage.png', 'image/png', 'image', 14_336) });
    renderRoute('/share/media/f1', routes);
    const image = await screen.findByRole('img', { name: 'Été à la plage.png' });
    expect(image.getAttribute('src')).toBe('/media/files/f1/shared');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Shared media');
    expect(screen.getByRole('heading', { level: 2, name: 'Été à la plage.png' })).toBeTruthy();
    expect(screen.getByText('14 KB')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe('/media/files/f1/shared?download=1');
    expect(graphql.callsOf('getSharedFile')[0]?.variables).toEqual({ id: 'f1' });
  });

  it('plays a shared video, and previews a shared PDF with pdf.js from the public bytes, without cookies', async () => {
    mockGraphQL({ getSharedFile: details('v1', 'demo.mp4', 'video/mp4', 'video', 2048) });
    renderRoute('/share/media/v1', routes);
    expect((await screen.findByTestId('shared-video')).hasAttribute('controls')).toBe(true);
    cleanup();
    mockGraphQL({ getSharedFile: details('p1', 'terms.pdf', 'application/pdf', 'Pdf', 4096) });
    renderRoute('/share/media/p1', routes);
    const preview = await screen.findByRole('region', { name: 'terms.pdf' });
    expect(preview.dataset.url).toBe('/media/files/p1/shared');
    expect(preview.dataset.credentials).toBe('omit');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('offers other files for download without a preview', async () => {
    mockGraphQL({ getSharedFile: details('z1', 'archive.zip', 'application/zip', 'unknown', 10) });
    renderRoute('/share/media/z1', routes);
    expect(await screen.findByText('There is no preview for this kind of file. Download it to open it.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' })).toBeTruthy();
  });

  it('says clearly when sharing is off or the file is gone', async () => {
    mockGraphQL({ getSharedFile: () => failure('NOT_FOUND', 'This file does not exist or you cannot see it.') });
    renderRoute('/share/media/gone', routes);
    expect(await screen.findByRole('heading', { name: 'This file is not available' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
  });

  it('explains a rate limit, and offers a retry after a network failure', async () => {
    mockGraphQL({ getSharedFile: () => failure('RATE_LIMITED', 'Too many requests') });
    renderRoute('/share/media/f1', routes);
    expect(await screen.findByText('Too many requests. Wait a moment, then reload the page.')).toBeTruthy();
    cleanup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    renderRoute('/share/media/f1', routes);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    mockGraphQL({ getSharedFile: details('f1', 'back.jpg', 'image/jpeg', 'image', 900) });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: 'back.jpg' })).toBeTruthy();
  });
});
