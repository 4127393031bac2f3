import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate, useRouteError } from 'react-router';
import { trackPageView } from './analytics';
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
  useEffect(() => {
    trackPageView(pathname);
  }, [pathname]);
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

/** The router's own error element, for errors outside the layout's boundary: same screen, "Try again" re-enters the page. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return <ErrorFallback error={error} onReset={() => void navigate(`${pathname}${search}${hash}`, { replace: true })} />;
}
