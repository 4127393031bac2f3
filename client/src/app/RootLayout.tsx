import { useAtomValue } from 'jotai';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate, useRouteError } from 'react-router';
import { currentUserAtom } from '../features/auth/session';
import { analytics } from './analytics';
import { loadClientSettings } from './clientSettings';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorFallback } from './ErrorFallback';
import { useFocusAfterNavigation } from './focusAfterNavigation';
import { LoadingScreen } from './LoadingScreen';
import { useThemeSync } from './theme';

/** Wraps every page: theme, focus after a navigation, analytics page views, the error screen and the loading screen while a page's code loads. */
export function RootLayout() {
  const { pathname } = useLocation();
  useThemeSync();
  useFocusAfterNavigation(pathname);
  useAnalytics(pathname);
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

/** Starts the opt-in analytics once (nothing when the instance has none) and tells them each page and the user. */
function useAnalytics(pathname: string) {
  const user = useAtomValue(currentUserAtom);
  const userId = user?.id ?? null;
  const email = user?.email ?? null;
  useEffect(() => {
    // Analytics never break a page: settings that could not be read, or a client that failed to start, leave them off.
    loadClientSettings()
      .then((settings) => analytics.start(settings))
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    analytics.pageView(pathname);
  }, [pathname]);
  useEffect(() => {
    void analytics.userStatus(userId && email ? { id: userId, email } : null);
  }, [userId, email]);
}

/** The router's own error element, for errors outside the layout's boundary: same screen, "Try again" re-enters the page. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return <ErrorFallback error={error} onReset={() => void navigate(`${pathname}${search}${hash}`, { replace: true })} />;
}
