/** Test helper: renders routes in a memory router inside a fresh store, as the app does. */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createAppStore, StoreProvider, type AppStore } from '../lib/store';

export function renderRoute(path: string, routes: RouteObject[], store: AppStore = createAppStore()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <StoreProvider store={store}>
      <RouterProvider router={router} />
    </StoreProvider>,
  );
  return { router, store, view };
}
