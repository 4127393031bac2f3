// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { setupAppI18n } from '../../test/i18n';
import { MediaViewer } from './MediaViewer';
import { storedFile } from './testFixtures';

// pdf.js does not run in happy-dom: the viewer is checked to hand the preview the file's own bytes.
vi.mock('./pdf/PdfViewer', () => ({
  PdfViewer: ({ source, name }: { source: { url: string; credentials: string }; name: string }) => (
    <section aria-label={`preview of ${name}`} data-url={source.url} data-credentials={source.credentials} />
  ),
}));

const files = [
  storedFile({ id: 'm1', name: 'beach.jpg', type: 'image/jpeg', category: 'image' }),
  storedFile({ id: 'm2', name: 'launch.mp4', type: 'video/mp4', category: 'video', duration: 75 }),
  storedFile({ id: 'm3', name: 'team.png', type: 'image/png', category: 'image' }),
];

function Harness({ onClose, start = 'm1' }: { onClose: () => void; start?: string }) {
  const [current, setCurrent] = useState<string | null>(start);
  return current ? (
    <MediaViewer
      files={files}
      currentId={current}
      onChange={setCurrent}
      onClose={() => {
        setCurrent(null);
        onClose();
      }}
    />
  ) : (
    <p>closed</p>
  );
}

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('media viewer', () => {
  it('steps with the arrow keys, stops at the ends, and plays videos with controls', async () => {
    render(<Harness onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'beach.jpg' });
    expect(within(dialog).getByRole('img', { name: 'beach.jpg' }).getAttribute('src')).toBe('/media/files/m1');
    expect(within(dialog).getByText(/1 of 3/)).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'beach.jpg' })).toBeTruthy();
    await userEvent.keyboard('{ArrowRight}');
    const video = screen.getByTestId('viewer-video');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('src')).toBe('/media/files/m2');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'team.png' })).toBeTruthy();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'team.png' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByTestId('viewer-video')).toBeTruthy();
  });

  it('shows a PDF with the PDF preview, whose arrows turn pages rather than step to another file', async () => {
    const withPdf = [...files, storedFile({ id: 'p1', name: 'report.pdf', type: 'application/pdf', category: 'Pdf' })];
    render(
      <MediaViewer
        files={withPdf}
        currentId="p1"
        onChange={() => {
          throw new Error('stepped away from the PDF');
        }}
        onClose={() => undefined}
      />,
    );
    const preview = screen.getByRole('region', { name: 'preview of report.pdf' });
    expect(preview.dataset.url).toBe('/media/files/p1');
    expect(preview.dataset.credentials).toBe('same-origin');
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'report.pdf' })).toBeTruthy();
  });

  it('closes with Escape', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.getByText('closed')).toBeTruthy();
  });

  it('downloads the file on display through the session route', async () => {
    render(<Harness onClose={() => undefined} start="m3" />);
    const clicks: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(clicks).toEqual([{ href: '/media/files/m3?download=1', download: 'team.png' }]);
    click.mockRestore();
  });
});
