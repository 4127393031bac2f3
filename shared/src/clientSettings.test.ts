import { describe, expect, it } from 'vitest';
import {
  clientSettingsBlock,
  clientSettingsElementId,
  clientSettingsFrom,
  withClientSettings,
  type ClientSettings,
} from './clientSettings';

const settings: ClientSettings = {
  mobileAppUrl: 'https://work.example.com',
  desktopAppUrl: null,
  tagManagerId: 'GTM-ABC123',
  analyticsClientKey: null,
  salesEmail: 'sales@example.com',
};

/** The JSON between the block's tags, as the client reads it. */
const jsonOf = (block: string) => block.slice(block.indexOf('>') + 1, block.lastIndexOf('</script>'));

describe('client settings in the page', () => {
  it('writes them as a JSON data block the client reads back unchanged', () => {
    const block = clientSettingsBlock(settings);
    expect(block.startsWith(`<script type="application/json" id="${clientSettingsElementId}">`)).toBe(true);
    expect(clientSettingsFrom(JSON.parse(jsonOf(block)))).toEqual(settings);
  });

  it('never lets a value close the element or open markup, and still reads it back as typed', () => {
    const hostile = { ...settings, desktopAppUrl: 'https://x.example/</script><script>alert(1)</script><!--' };
    const block = clientSettingsBlock(hostile);
    expect(jsonOf(block)).not.toContain('<');
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(clientSettingsFrom(JSON.parse(jsonOf(block)))).toEqual(hostile);
  });

  it('puts the block at the end of the head, or at the end of a page without one', () => {
    const page = '<!doctype html><html><head><title>Workspace</title></head><body><div id="root"></div></body></html>';
    expect(withClientSettings(page, settings)).toBe(page.replace('</head>', `${clientSettingsBlock(settings)}</head>`));
    expect(withClientSettings('<div id="root"></div>', settings)).toBe(`<div id="root"></div>${clientSettingsBlock(settings)}`);
  });

  it('takes nothing that is not settings', () => {
    expect(clientSettingsFrom(null)).toBeNull();
    expect(clientSettingsFrom('settings')).toBeNull();
    expect(clientSettingsFrom({ ...settings, mobileAppUrl: null })).toBeNull();
    expect(clientSettingsFrom({ ...settings, tagManagerId: 42 })).toBeNull();
    const { salesEmail: _salesEmail, ...withoutSales } = settings;
    expect(clientSettingsFrom(withoutSales)).toBeNull();
    expect(clientSettingsFrom({ ...settings, extra: 'dropped' })).toEqual(settings);
  });
});
