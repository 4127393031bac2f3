// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UploadError } from '../files/upload';
import { setupAppI18n } from '../../test/i18n';
import { AttachmentViewerProvider, MessageAttachment, PendingUpload } from './Attachment';
import type { AttachmentUpload } from './attachments';
import type { MessageFile } from './operations';

// pdf.js does not run in happy-dom: the viewer is checked to hand the preview the file's own address.
vi.mock('../files/pdf/PdfViewer', () => ({
  PdfViewer: ({ source, name }: { source: { url: string }; name: string }) => (
    <section aria-label={`preview of ${name}`} data-url={source.url} />
  ),
}));

const file = (overrides: Partial<MessageFile>): MessageFile => ({
  id: 'f1',
  name: 'plan.pdf',
  type: 'application/pdf',
  size: 1536,
  url: '/media/files/f1',
  thumbnail: null,
  category: 'Pdf',
  width: null,
  height: null,
  duration: null,
  ...overrides,
});

const upload = (overrides: Partial<AttachmentUpload> = {}): AttachmentUpload => ({
  id: 'a1',
  userId: 'me',
  conversation: 'project:p1',
  target: { project: 'p1' },
  name: 'photo.png',
  size: 2048,
  mimeType: 'image/png',
  replyTo: null,
  state: 'uploading',
  loaded: 512,
  error: null,
  ...overrides,
});

const author = { id: 'me', name: 'Ada Lovelace', profileImg: null };

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(cleanup);

describe('a message file', () => {
  it('shows an image inline as its thumbnail, its box kept, and opens it in the media viewer', async () => {
    render(
      <MessageAttachment
        file={file({
          name: 'Sketch.png',
          type: 'image/png',
          category: 'image',
          thumbnail: '/media/files/f1/thumbnail',
          width: 640,
          height: 480,
        })}
      />,
    );
    const image = screen.getByRole('img', { name: 'Sketch.png' });
    expect(image.getAttribute('src')).toBe('/media/files/f1/thumbnail');
    expect(image.style.aspectRatio).toBe('640 / 480');
    await userEvent.click(screen.getByRole('button', { name: 'Open Sketch.png' }));
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).getByRole('img', { name: 'Sketch.png' }).getAttribute('src')).toBe('/media/files/f1');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('plays a video with the browser controls', () => {
    const { container } = render(<MessageAttachment file={file({ name: 'Demo.mp4', type: 'video/mp4', category: 'video' })} />);
    const video = container.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/media/files/f1');
    expect(video.hasAttribute('controls')).toBe(true);
  });

  it('shows a PDF as a card with name, size and a download, and opens it in the media viewer (the server sends it as a download)', async () => {
    render(<MessageAttachment file={file({})} />);
    const card = screen.getByTestId('file-card');
    expect(within(card).queryByRole('link', { name: 'plan.pdf' })).toBeNull();
    expect(within(card).getByText('1.5 KB')).toBeTruthy();
    const download = within(card).getByRole('link', { name: 'Download plan.pdf' });
    expect(download.getAttribute('href')).toBe('/media/files/f1?download=1');
    expect(download.getAttribute('download')).toBe('plan.pdf');
    await userEvent.click(within(card).getByRole('button', { name: 'Open plan.pdf' }));
    const viewer = await screen.findByRole('dialog', { name: 'plan.pdf' });
    expect(within(viewer).getByRole('region', { name: 'preview of plan.pdf' }).dataset.url).toBe('/media/files/f1');
  });

  it('keeps the viewer open when the message it was opened from is replaced (a sent message confirmed by the server)', async () => {
    const { rerender } = render(
      <AttachmentViewerProvider>
        <MessageAttachment key="pending" file={file({})} />
      </AttachmentViewerProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open plan.pdf' }));
    await screen.findByRole('dialog', { name: 'plan.pdf' });
    rerender(
      <AttachmentViewerProvider>
        <MessageAttachment key="stored" file={file({})} />
      </AttachmentViewerProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'plan.pdf' })).toBeTruthy();
  });

  it('shows any other file as a card whose name downloads it, never opening a tab', () => {
    render(
      <MessageAttachment
        file={file({
          id: 'f2',
          name: 'budget.xlsx',
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          category: 'Xls',
          url: '/media/files/f2',
        })}
      />,
    );
    const card = screen.getByTestId('file-card');
    const name = within(card).getByRole('link', { name: 'budget.xlsx' });
    expect(name.getAttribute('href')).toBe('/media/files/f2?download=1');
    expect(name.getAttribute('download')).toBe('budget.xlsx');
    expect(name.getAttribute('target')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Open budget.xlsx' })).toBeNull();
  });

  it('says the file was removed once it is deleted', () => {
    render(<MessageAttachment file={null} />);
    expect(screen.getByText('File removed')).toBeTruthy();
  });
});

describe('a file being sent', () => {
  it('shows the progress inside the pending message, with cancel', async () => {
    const onCancel = vi.fn();
    render(<PendingUpload item={upload()} author={author} onCancel={onCancel} onRetry={vi.fn()} />);
    const pending = screen.getByRole('article', { name: 'Ada Lovelace is sending photo.png' });
    expect(within(pending).getByRole('progressbar', { name: 'Uploading photo.png' }).getAttribute('aria-valuenow')).toBe('25');
    expect(within(pending).getByText('2 KB · Uploading… 25%')).toBeTruthy();
    await userEvent.click(within(pending).getByRole('button', { name: 'Cancel uploading photo.png' }));
    expect(onCancel).toHaveBeenCalledWith('a1');
  });

  it('says it waits for the connection while offline', () => {
    render(<PendingUpload item={upload({ state: 'waiting', loaded: 0 })} author={author} onCancel={vi.fn()} onRetry={vi.fn()} />);
    expect(screen.getByText('2 KB · Waiting for the connection to upload')).toBeTruthy();
  });

  it('says why it failed, with retry and remove', async () => {
    const onRetry = vi.fn();
    const onCancel = vi.fn();
    render(
      <PendingUpload
        item={upload({ state: 'failed', error: new UploadError('file_too_large') })}
        author={author}
        onCancel={onCancel}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('2 KB · Not uploaded: File is too large');
    expect(screen.queryByRole('progressbar')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry uploading photo.png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo.png' }));
    expect(onRetry).toHaveBeenCalledWith('a1');
    expect(onCancel).toHaveBeenCalledWith('a1');
  });
});
