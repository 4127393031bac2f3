// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientSettingsBlock, type ClientSettings } from '#shared/clientSettings';
import { mockGraphQL } from '../test/graphqlMock';

const settings: ClientSettings = {
  mobileAppUrl: 'https://work.example.com',
  desktopAppUrl: 'https://work.example.com/desktop.dmg',
  tagManagerId: null,
  analyticsClientKey: null,
  salesEmail: 'sales@example.com',
};

/** A fresh copy of the module: its settings are kept per page load. */
const freshModule = async () => {
  vi.resetModules();
  return import('./clientSettings');
};

afterEach(() => {
  document.head.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('loadClientSettings', () => {
  it('reads the settings the server wrote into the page and asks the server nothing', async () => {
    document.head.insertAdjacentHTML('beforeend', clientSettingsBlock(settings));
    const graphql = mockGraphQL({});
    const { loadClientSettings } = await freshModule();
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
    const { loadClientSettings } = await freshModule();
    await expect(loadClientSettings()).rejects.toThrow();
    await expect(loadClientSettings()).resolves.toEqual(settings);
    await expect(loadClientSettings()).resolves.toEqual(settings);
    expect(graphql.callsOf('getClientSettings')).toHaveLength(2);
  });
});
