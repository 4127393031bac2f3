import QRCode from 'qrcode';

/**
 * A QR code for `url` as an SVG data URL: dark modules on white with a quiet zone, whatever the theme, since
 * phone cameras read dark-on-light codes most reliably.
 */
export async function qrCodeDataUrl(url: string): Promise<string> {
  const svg = await QRCode.toString(url, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
