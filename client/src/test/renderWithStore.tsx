/** Test helper: renders one element at a path of a memory router, inside a fresh store and the tooltip provider, as the app does. */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createAppStore, StoreProvider, type AppStore } from '../lib/store';
import { TooltipProvider } from '../ui';

export function renderWithStore(
  element: ReactNode,
  { path = '/overview', store = createAppStore(), routes = [] }: { path?: string; store?: AppStore; routes?: RouteObject[] } = {},
) {
  const router = createMemoryRouter([{ path, element }, ...routes, { path: '*', element: <p>elsewhere</p> }], { initialEntries: [path] });
  const view = render(
    <StoreProvider store={store}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </StoreProvider>,
  );
  return { router, store, view };
}
