import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasUserCookie } from '../lib/cookies';
import { isMobileUserAgent, rootRedirect, signInPathFor, signedOutPageRedirect } from './routeRules';

export function isMobileDevice(): boolean {
  return typeof navigator !== 'undefined' && isMobileUserAgent(navigator.userAgent);
}

/** `/` (SPEC §2): /redirect on phones, /overview with a user cookie, /signin without. */
export function RootRedirect() {
  return <Navigate replace to={rootRedirect({ mobile: isMobileDevice(), signedIn: hasUserCookie() })} />;
}

/** The five signed-out pages send a signed-in desktop user to `/`; on phones they show regardless (SPEC §2). See isSignedInFlowPage for the two flow pages. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const redirect = signedOutPageRedirect({ pathname, search, mobile: isMobileDevice(), signedIn: hasUserCookie() });
  return redirect ? <Navigate replace to={redirect} /> : children;
}

/** The dashboard needs a session: without a user cookie it goes to sign-in, which comes back here afterwards. */
export function RequireUser({ children }: { children: ReactNode }) {
  const location = useLocation();
  return hasUserCookie() ? children : <Navigate replace to={signInPathFor(location)} />;
}
