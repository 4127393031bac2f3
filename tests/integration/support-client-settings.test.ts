import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSettingsElementId, clientSettingsFrom } from '#shared/clientSettings';
import { GraphqlTestClient, startTestServer, type TestServer } from './harness';
import { expectData } from './teamFactories';

/** The instance's public settings ride in the page the server sends, so the web app asks nothing for them at start. */
describe('client settings in the served page', () => {
  let server: TestServer;
  const clientDist = mkdtempSync(join(tmpdir(), 'workspace-client-settings-'));
  const page = '<!doctype html><html><head><title>Workspace</title></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    writeFileSync(join(clientDist, 'index.html'), page);
    server = await startTestServer({
      CLIENT_DIST: clientDist,
      TAG_MANAGER_ID: 'GTM-TEST42',
      DESKTOP_APP_URL: 'https://downloads.example.com/workspace.dmg',
      SALES_EMAIL: 'sales@example.com',
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(clientDist, { recursive: true, force: true });
  });

  /** The settings block of a page, parsed as the client parses it. */
  function settingsOf(html: string) {
    const match = new RegExp(`<script type="application/json" id="${clientSettingsElementId}">(.*?)</script>`).exec(html);
    return match ? clientSettingsFrom(JSON.parse(match[1]!)) : null;
  }

  it('writes the same settings getClientSettings answers into the front page and every page of the app', async () => {
    const { getClientSettings } = expectData(
      await new GraphqlTestClient(server).execute<{ getClientSettings: unknown }>(
        '{ getClientSettings { mobileAppUrl desktopAppUrl tagManagerId analyticsClientKey salesEmail } }',
      ),
    );
    expect(getClientSettings).toEqual({
      mobileAppUrl: server.app.services.config.clientLinks.mobileAppUrl,
      desktopAppUrl: 'https://downloads.example.com/workspace.dmg',
      tagManagerId: 'GTM-TEST42',
      analyticsClientKey: null,
      salesEmail: 'sales@example.com',
    });
    for (const [path, accept] of [
      ['/', '*/*'],
      ['/overview/download', 'text/html'],
      ['/signin', 'text/html'],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { headers: { accept } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      const html = await response.text();
      expect(settingsOf(html), path).toEqual(getClientSettings);
      expect(html.indexOf(`id="${clientSettingsElementId}"`), path).toBeLessThan(html.indexOf('</head>'));
    }
  });

  it('serves the page as it is on disk now, with the settings', async () => {
    writeFileSync(join(clientDist, 'index.html'), page.replace('<title>Workspace</title>', '<title>Rebuilt</title>'));
    const html = await (await fetch(`${server.url}/overview/tasks`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('<title>Rebuilt</title>');
    expect(settingsOf(html)?.tagManagerId).toBe('GTM-TEST42');
  });
});
