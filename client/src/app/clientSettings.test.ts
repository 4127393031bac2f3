// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientSettingsBlock, type ClientSettings } from '#shared/clientSettings';
import { mockGraphQL } from '../test/graphqlMock';
import { forgetClientSettings, loadClientSettings } from './clientSettings';

const settings: ClientSettings = {
  mobileAppUrl: 'https://work.example.com',
  desktopAppUrl: 'https://work.example.com/desktop.dmg',
  tagManagerId: null,
  analyticsClientKey: null,
  salesEmail: 'sales@example.com',
};

// The settings are kept per page load: each test starts as a new page.
beforeEach(() => forgetClientSettings());

afterEach(() => {
  document.head.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('loadClientSettings', () => {
  it('reads the settings the server wrote into the page and asks the server nothing', async () => {
    document.head.insertAdjacentHTML('beforeend', clientSettingsBlock(settings));
    const graphql = mockGraphQL({});
    await expect(loadClientSettings()).resolves.toEqual(settings);
    await expect(loadClientSettings()).resolves.toEqual(settings);
    expect(graphql.calls).toEqual([]);
  });

  it('asks getClientSettings once when the page has none (or a broken block), and again after a failure', async () => {
    document.head.insertAdjacentHTML('beforeend', '<script type="application/json" id="client-settings">{"mobileAppUrl":</script>');
    let answers = 0;
    const graphql = mockGraphQL({
      getClientSettings: () => {
        answers += 1;
        return answers === 1
          ? { errors: [{ message: 'down', extensions: { code: 'INTERNAL' } }] }
          : { data: { getClientSettings: settings } };
      },
    });
    await expect(loadClientSettings()).rejects.toThrow();
    await expect(loadClientSettings()).resolves.toEqual(settings);
    await expect(loadClientSettings()).resolves.toEqual(settings);
    expect(graphql.callsOf('getClientSettings')).toHaveLength(2);
  });
});
