// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import jsQR from 'jsqr';
import { mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { forgetClientSettings } from '../../app/clientSettings';
import { AppLinks } from './AppLinks';

beforeAll(async () => {
  await setupAppI18n();
});
// The settings are read once per page load: each test starts as a new page with the instance's own settings.
beforeEach(() => forgetClientSettings());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const mobileAppUrl = 'https://apps.example.org/workspace/mobile?from=download';
const desktopAppUrl = 'https://apps.example.org/workspace/desktop/latest';

function answerSettings(settings: { mobileAppUrl: string; desktopAppUrl: string | null }) {
  return mockGraphQL({
    getClientSettings: () => ({
      data: { getClientSettings: { ...settings, tagManagerId: null, analyticsClientKey: null, salesEmail: 'sales@example.com' } },
    }),
  });
}

/**
 * The text a camera reads from the QR code image (the SVG data URL `qrcode` writes): its dark modules, drawn as
 * one-module-high horizontal strokes (`M x y.5 h n m dx dy …`), painted onto a bitmap and read by jsQR, as the
 * browser test reads a screenshot. happy-dom draws no images, so the SVG is rasterised here.
 */
function readQrCode(dataUrl: string): string | null {
  const svg = decodeURIComponent(dataUrl.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const strokes = /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1];
  if (!Number.isInteger(size) || !strokes) return null;
  const scale = 8;
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  let x = 0;
  let y = 0;
  for (const [, command, first, second] of strokes.matchAll(/([Mmh])(-?[\d.]+)(?:\s(-?[\d.]+))?/g)) {
    if (command === 'M') [x, y] = [Number(first), Number(second)];
    else if (command === 'm') [x, y] = [x + Number(first), y + Number(second)];
    else {
      const row = Math.floor(y);
      for (let column = x; column < x + Number(first); column += 1)
        for (let dy = 0; dy < scale; dy += 1)
          for (let dx = 0; dx < scale; dx += 1) {
            const offset = ((row * scale + dy) * width + column * scale + dx) * 4;
            pixels.fill(0, offset, offset + 3);
          }
      x += Number(first);
    }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}

describe('the app links of the download page and /redirect (SPEC §2)', () => {
  it('puts the configured mobile app address in the QR code and the link, and links the configured desktop download', async () => {
    const graphql = answerSettings({ mobileAppUrl, desktopAppUrl });
    render(<AppLinks />);
    const qrCode = await screen.findByRole('img', { name: `QR code that opens ${mobileAppUrl}` });
    expect(readQrCode(qrCode.getAttribute('src')!)).toBe(mobileAppUrl);
    expect(screen.getByRole('link', { name: mobileAppUrl }).getAttribute('href')).toBe(mobileAppUrl);
    expect(screen.getByRole('link', { name: 'Download the desktop app' }).getAttribute('href')).toBe(desktopAppUrl);
    expect(screen.queryByText(/Install Workspace from your browser/)).toBeNull();
    expect(graphql.callsOf('getClientSettings')).toHaveLength(1);
  });

  it('tells how to install from the browser when no desktop app address is configured', async () => {
    answerSettings({ mobileAppUrl: 'https://workspace.example.com/download', desktopAppUrl: null });
    render(<AppLinks />);
    const qrCode = await screen.findByRole('img', { name: /^QR code that opens/ });
    expect(readQrCode(qrCode.getAttribute('src')!)).toBe('https://workspace.example.com/download');
    expect(screen.getByText(/Install Workspace from your browser/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download the desktop app' })).toBeNull();
  });
});
