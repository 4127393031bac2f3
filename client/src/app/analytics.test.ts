import { describe, expect, it } from 'vitest';
import { trackPageView } from './analytics';

describe('analytics page views', () => {
  it('SPEC §7: creates the dataLayer when none exists and pushes a virtual page view', () => {
    const host: { dataLayer?: unknown[] } = {};
    trackPageView('/signup/verify', host);
    expect(host.dataLayer).toEqual([{ event: 'virtualPageView', pageTitle: 'Verify Email', pagePath: '/signup/verify' }]);
  });

  it('SPEC §7: keeps an existing dataLayer and appends to it', () => {
    const existing: unknown[] = [{ event: 'gtm.js' }];
    const host = { dataLayer: existing };
    trackPageView('/overview/tasks', host);
    expect(host.dataLayer).toBe(existing);
    expect(existing).toEqual([{ event: 'gtm.js' }, { event: 'virtualPageView', pageTitle: 'Platform', pagePath: '/overview/tasks' }]);
  });
});
