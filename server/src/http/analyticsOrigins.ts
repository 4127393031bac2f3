import type { ClientLinksConfig } from '../config';

/** Google Tag Manager's script and the collectors its tags usually send to. */
const tagManagerScripts = ['https://www.googletagmanager.com'];
const tagManagerConnections = ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'];
/** Where the product analytics client (Statsig) sends events, session-replay recordings and SDK errors. */
const productAnalyticsConnections = [
  'https://prodregistryv2.org',
  'https://featureassets.org',
  'https://api.statsigcdn.com',
  'https://statsigapi.net',
  'https://*.statsig.com',
];

/**
 * The origins the opt-in analytics need in the Content-Security-Policy: none unless an administrator configured
 * them, so a default instance allows no script or connection to any analytics service.
 */
export function analyticsOrigins(links: Pick<ClientLinksConfig, 'tagManagerId' | 'analyticsClientKey'>): {
  scripts: string[];
  connections: string[];
} {
  return {
    scripts: links.tagManagerId ? tagManagerScripts : [],
    connections: [...(links.tagManagerId ? tagManagerConnections : []), ...(links.analyticsClientKey ? productAnalyticsConnections : [])],
  };
}
