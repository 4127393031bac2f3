/**
 * SPEC §7 analytics: virtual page views go into the tag manager's data layer `dataLayer`,
 * created only when none exists yet. No tag-manager or analytics script is loaded by the
 * product: a deployment that wants one adds it, and it will find the page views queued here.
 */
import { analyticsPageTitle } from './routeRules';

export interface VirtualPageView {
  event: 'virtualPageView';
  pageTitle: string;
  pagePath: string;
}

interface DataLayerHost {
  dataLayer?: unknown[];
}

export function trackPageView(pathname: string, host: DataLayerHost = window as DataLayerHost): VirtualPageView {
  const pageView: VirtualPageView = { event: 'virtualPageView', pageTitle: analyticsPageTitle(pathname), pagePath: pathname };
  host.dataLayer ??= [];
  host.dataLayer.push(pageView);
  return pageView;
}
