/**
 * SPEC §7 analytics, off unless an administrator configures them (TAG_MANAGER_ID, ANALYTICS_CLIENT_KEY; the
 * server writes them into the page it sends: clientSettings.ts). Off, nothing is loaded, no data layer is made and no request
 * leaves the page (a data layer a deployment's own tag manager put on the page still receives the events). On: the tag manager's data layer `dataLayer` is initialised only if none exists yet (a
 * deployment may have put its own tag manager on the page) and receives virtual page views, get-started flow
 * events and the user's status with the e-mail hashed by SHA-256; the product analytics client, with session
 * replay, is loaded in its own chunk and started asynchronously with the client key.
 */
import { analyticsPageTitle } from './routeRules';

export interface VirtualPageView {
  event: 'virtualPageView';
  pageTitle: string;
  pagePath: string;
}

export interface AnalyticsSettings {
  tagManagerId: string | null;
  analyticsClientKey: string | null;
}

export interface AnalyticsUser {
  id: string;
  email: string;
}

export interface AnalyticsHost {
  dataLayer?: unknown[];
  document: Pick<Document, 'createElement' | 'head'>;
}

type ProductAnalyticsStarter = (clientKey: string, user: AnalyticsUser | null) => Promise<{ identify(user: AnalyticsUser | null): void }>;

const loadProductAnalytics: () => Promise<ProductAnalyticsStarter> = () =>
  import('./productAnalytics').then((module) => module.startProductAnalytics);

/** SHA-256 of the trimmed, lower-cased e-mail, hex: the tag manager never sees the address itself. */
export async function hashEmail(email: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(email.trim().toLowerCase()));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export class Analytics {
  private dataLayer: unknown[] | null = null;
  private product: { identify(user: AnalyticsUser | null): void } | null = null;
  private user: AnalyticsUser | null = null;
  /** The page view of the page that was open before the settings arrived, sent once the tag manager starts. */
  private pendingPath: string | null = null;
  private started = false;

  constructor(
    private readonly host: AnalyticsHost,
    private readonly productLoader: () => Promise<ProductAnalyticsStarter> = loadProductAnalytics,
  ) {}

  /** Starts what the settings turn on; with neither set, does nothing at all. */
  async start(settings: AnalyticsSettings): Promise<void> {
    if (this.started) return;
    this.started = true;
    if (settings.tagManagerId) this.startTagManager(settings.tagManagerId);
    if (settings.analyticsClientKey) {
      const startProductAnalytics = await this.productLoader();
      this.product = await startProductAnalytics(settings.analyticsClientKey, this.user);
    }
  }

  pageView(pathname: string): VirtualPageView | null {
    const dataLayer = this.layer();
    if (!dataLayer) {
      this.pendingPath = pathname;
      return null;
    }
    const pageView: VirtualPageView = { event: 'virtualPageView', pageTitle: analyticsPageTitle(pathname), pagePath: pathname };
    dataLayer.push(pageView);
    return pageView;
  }

  /** A step of the get-started (onboarding) flow was shown. */
  getStarted(step: string): void {
    this.layer()?.push({ event: 'getStarted', step });
  }

  /** Signed in (a user) or out (null). */
  async userStatus(user: AnalyticsUser | null): Promise<void> {
    this.user = user;
    this.product?.identify(user);
    const dataLayer = this.layer();
    if (!dataLayer) return;
    dataLayer.push(
      user
        ? { event: 'userStatus', status: 'signedIn', userId: user.id, emailSha256: await hashEmail(user.email) }
        : { event: 'userStatus', status: 'signedOut' },
    );
  }

  /**
   * Where events go: the data layer of the tag manager this page started, or one a deployment's own tag manager
   * put on the page before the app loaded (it then reads them); with neither, nowhere.
   */
  private layer(): unknown[] | null {
    return this.dataLayer ?? (Array.isArray(this.host.dataLayer) ? this.host.dataLayer : null);
  }

  private startTagManager(containerId: string): void {
    if (this.host.dataLayer) {
      // Someone else's tag manager is already on the page: queue into its data layer, load nothing.
      this.dataLayer = this.host.dataLayer;
    } else {
      this.dataLayer = this.host.dataLayer = [{ 'gtm.start': Date.now(), event: 'gtm.js' }];
      const script = this.host.document.createElement('script');
      script.async = true;
      script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
      this.host.document.head.append(script);
    }
    if (this.pendingPath !== null) this.pageView(this.pendingPath);
    this.pendingPath = null;
    if (this.user) void this.userStatus(this.user);
  }
}

/** The page's analytics: RootLayout starts it with the instance's settings and reports page views and the user to it. */
export const analytics = new Analytics(globalThis as unknown as AnalyticsHost);
