/**
 * Every SPEC §2 route. Pages load lazily through stale-page recovery; the dashboard routes share
 * one frame (sidebar, top bar) and need a session.
 */
import type { ReactNode } from 'react';
import { createBrowserRouter, useLocation, type RouteObject } from 'react-router';
import { RequireUser, RootRedirect, SignedOutOnly } from './guards';
import { lazyPage } from './lazyPage';
import { RootLayout, RouteErrorScreen } from './RootLayout';
import { isMobileRedirectPath } from './routeRules';

const AuthPage = lazyPage(() => import('../features/auth/AuthPage'));
const RedirectPage = lazyPage(() => import('../features/mobile/RedirectPage'));
const MeetingRoomPage = lazyPage(() => import('../features/meetings/MeetingRoomPage'));
const PrivateCallPage = lazyPage(() => import('../features/meetings/privateCall/PrivateCallPage'));
const SharedMediaPage = lazyPage(() => import('../features/files/SharedMediaPage'));
const SharedDocPage = lazyPage(() => import('../features/docs/SharedDocPage'));
const DashboardLayout = lazyPage(() => import('../features/shell/DashboardLayout'));
const AreaView = lazyPage(() => import('../features/shell/AreaView'));
const ChatsPage = lazyPage(() => import('../features/chat/ChatsPage'));

/**
 * React Router ranks `/:project/:category/:id` above `/mobile/*`, so a deep /mobile path would
 * land in the dashboard; this gate keeps every /mobile path on the redirect page (SPEC §2).
 */
function DashboardGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return isMobileRedirectPath(pathname) ? <RedirectPage /> : <RequireUser>{children}</RequireUser>;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    ErrorBoundary: RouteErrorScreen,
    children: [
      { index: true, element: <RootRedirect /> },
      {
        path: 'signin',
        element: (
          <SignedOutOnly>
            <AuthPage screen="signIn" />
          </SignedOutOnly>
        ),
      },
      {
        path: 'signup/forgot',
        element: (
          <SignedOutOnly>
            <AuthPage screen="forgot" />
          </SignedOutOnly>
        ),
      },
      {
        path: 'signup/recover',
        element: (
          <SignedOutOnly>
            <AuthPage screen="recover" />
          </SignedOutOnly>
        ),
      },
      {
        path: 'signup/finish',
        element: (
          <SignedOutOnly>
            <AuthPage screen="finish" />
          </SignedOutOnly>
        ),
      },
      {
        path: 'signup/verify',
        element: (
          <SignedOutOnly>
            <AuthPage screen="verify" />
          </SignedOutOnly>
        ),
      },
      { path: 'redirect', element: <RedirectPage /> },
      { path: 'mobile', element: <RedirectPage /> },
      { path: 'mobile/*', element: <RedirectPage /> },
      { path: 'signup/invite/:project/:invited?', element: <AuthPage screen="invite" /> },
      { path: 'signup/user/p/:project/:invited?', element: <AuthPage screen="user" /> },
      { path: 'signup/user/u/:user', element: <AuthPage screen="user" /> },
      { path: 'signup/user/i/:invited', element: <AuthPage screen="user" /> },
      { path: 'signup/user', element: <AuthPage screen="user" /> },
      { path: 'setup/:token', element: <AuthPage screen="setUp" /> },
      { path: 'meetingroom/:meetingroom', element: <MeetingRoomPage /> },
      // A private chat's call: full screen like a room's, outside the dashboard frame (its incoming-call dialog included).
      {
        path: 'chats/:chatid/call',
        element: (
          <RequireUser>
            <PrivateCallPage />
          </RequireUser>
        ),
      },
      { path: 'share/media/:fileId', element: <SharedMediaPage /> },
      { path: 'share/doc/:docId', element: <SharedDocPage /> },
      {
        element: (
          <DashboardGate>
            <DashboardLayout />
          </DashboardGate>
        ),
        children: [
          { path: 'chats/:chatid?', element: <ChatsPage /> },
          { path: ':project/:category?/:id?/d/:id2', element: <AreaView /> },
          { path: ':project/:category?/:id?/:id2?', element: <AreaView /> },
          // Deeper paths match nothing above: the dashboard's not-found page rather than the router's error screen.
          { path: '*', element: <AreaView /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
