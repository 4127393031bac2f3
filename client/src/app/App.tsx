import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { registerNavigator } from '../lib/navigation';
import { appStore, StoreProvider, type AppStore } from '../lib/store';
import { DialogHost, Toaster, TooltipProvider } from '../ui';
import { ErrorBoundary } from './ErrorBoundary';
import type { createAppRouter } from './router';

/** The providers every screen relies on, the router, and the global toasts and dialog. */
export function App({ router, store = appStore }: { router: ReturnType<typeof createAppRouter>; store?: AppStore }) {
  useEffect(() => registerNavigator((path) => void router.navigate(path)), [router]);
  return (
    <StoreProvider store={store}>
      <TooltipProvider>
        <ErrorBoundary>
          <RouterProvider router={router} />
        </ErrorBoundary>
        <Toaster />
        <DialogHost />
      </TooltipProvider>
    </StoreProvider>
  );
}
