import { describe, expect, it } from 'vitest';
import { analyticsOrigins } from './analyticsOrigins';

describe('analytics origins in the Content-Security-Policy', () => {
  it('allow nothing when no analytics is configured', () => {
    expect(analyticsOrigins({ tagManagerId: null, analyticsClientKey: null })).toEqual({ scripts: [], connections: [] });
  });

  it('allow the tag manager script only with a container id, and the product analytics only with its key', () => {
    const tagManagerOnly = analyticsOrigins({ tagManagerId: 'GTM-ABC123', analyticsClientKey: null });
    expect(tagManagerOnly.scripts).toEqual(['https://www.googletagmanager.com']);
    expect(tagManagerOnly.connections).not.toContain('https://prodregistryv2.org');
    const productOnly = analyticsOrigins({ tagManagerId: null, analyticsClientKey: 'client-key' });
    expect(productOnly.scripts).toEqual([]);
    expect(productOnly.connections).toContain('https://prodregistryv2.org');
    expect(productOnly.connections).not.toContain('https://www.googletagmanager.com');
  });
});
