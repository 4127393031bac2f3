// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { Analytics, hashEmail, type AnalyticsHost } from './analytics';

function pageHost(dataLayer?: unknown[]): AnalyticsHost & { scripts: HTMLScriptElement[] } {
  const scripts: HTMLScriptElement[] = [];
  return {
    ...(dataLayer ? { dataLayer } : {}),
    scripts,
    document: {
      createElement: ((tag: string) => document.createElement(tag)) as Document['createElement'],
      head: { append: (script: HTMLScriptElement) => scripts.push(script) } as unknown as HTMLHeadElement,
    },
  };
}

const off = { tagManagerId: null, analyticsClientKey: null };

describe('analytics (SPEC §7), off unless configured', () => {
  it('off: makes no data layer, loads no script and no analytics client', async () => {
    const host = pageHost();
    const productLoader = vi.fn();
    const analytics = new Analytics(host, productLoader);
    await analytics.start(off);
    expect(analytics.pageView('/overview/tasks')).toBeNull();
    analytics.getStarted('team');
    await analytics.userStatus({ id: 'u1', email: 'ada@example.com' });
    expect(host.dataLayer).toBeUndefined();
    expect(host.scripts).toEqual([]);
    expect(productLoader).not.toHaveBeenCalled();
  });

  it('with a tag manager: initialises dataLayer when none exists, loads its script, and queues the page open before start', async () => {
    const host = pageHost();
    const analytics = new Analytics(host, vi.fn());
    analytics.pageView('/signup/verify');
    await analytics.start({ tagManagerId: 'GTM-ABC123', analyticsClientKey: null });
    expect(host.scripts.map((script) => script.src)).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-ABC123']);
    expect(host.dataLayer).toEqual([
      { 'gtm.start': expect.any(Number), event: 'gtm.js' },
      { event: 'virtualPageView', pageTitle: 'Verify Email', pagePath: '/signup/verify' },
    ]);
  });

  it('keeps a data layer that already exists and loads no second tag manager', async () => {
    const existing: unknown[] = [{ event: 'gtm.js' }];
    const host = pageHost(existing);
    const analytics = new Analytics(host, vi.fn());
    await analytics.start({ tagManagerId: 'GTM-ABC123', analyticsClientKey: null });
    analytics.pageView('/overview/tasks');
    analytics.getStarted('invite');
    expect(host.scripts).toEqual([]);
    expect(host.dataLayer).toBe(existing);
    expect(existing).toEqual([
      { event: 'gtm.js' },
      { event: 'virtualPageView', pageTitle: 'Platform', pagePath: '/overview/tasks' },
      { event: 'getStarted', step: 'invite' },
    ]);
  });

  it('tells the user status with the e-mail hashed by SHA-256, never the address', async () => {
    const host = pageHost([]);
    const analytics = new Analytics(host, vi.fn());
    await analytics.start({ tagManagerId: 'GTM-ABC123', analyticsClientKey: null });
    await analytics.userStatus({ id: 'u1', email: ' Ada@Example.com ' });
    await analytics.userStatus(null);
    const hash = await hashEmail('ada@example.com');
    expect(hash).toBe('b5fc85e55755f9e0d030a10ab4429b6b2944855f9a0d60077fe832becbc41d72');
    expect(host.dataLayer).toEqual([
      { event: 'userStatus', status: 'signedIn', userId: 'u1', emailSha256: hash },
      { event: 'userStatus', status: 'signedOut' },
    ]);
    expect(JSON.stringify(host.dataLayer)).not.toContain('example.com');
  });

  it('with a client key: starts the product analytics client once, with the signed-in user', async () => {
    const identify = vi.fn();
    const starter = vi.fn().mockResolvedValue({ identify });
    const analytics = new Analytics(pageHost(), () => Promise.resolve(starter));
    await analytics.userStatus({ id: 'u1', email: 'ada@example.com' });
    await analytics.start({ tagManagerId: null, analyticsClientKey: 'client-key' });
    await analytics.start({ tagManagerId: null, analyticsClientKey: 'client-key' });
    expect(starter).toHaveBeenCalledTimes(1);
    expect(starter).toHaveBeenCalledWith('client-key', { id: 'u1', email: 'ada@example.com' });
    await analytics.userStatus(null);
    expect(identify).toHaveBeenCalledWith(null);
  });
});

describe('a tag manager the deployment put on the page itself', () => {
  it('receives the events in its data layer, with nothing loaded by the app', async () => {
    const existing: unknown[] = [];
    const host = pageHost(existing);
    const productLoader = vi.fn();
    const analytics = new Analytics(host, productLoader);
    await analytics.start(off);
    analytics.pageView('/signin');
    expect(existing).toEqual([{ event: 'virtualPageView', pageTitle: 'Sign In', pagePath: '/signin' }]);
    expect(host.scripts).toEqual([]);
    expect(productLoader).not.toHaveBeenCalled();
  });
});
