/**
 * Start-up (SPEC §2, §7): recover from a stale page, apply the theme before the first paint,
 * show the loading screen, load translations and the session's user and team, then render the
 * app. A failed preload is logged and tried again with a growing delay while the loading screen
 * stays up; the delayed preloads run once the browser is idle.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './app/App';
import { LoadingScreen } from './app/LoadingScreen';
import { delayedPreloads, runStartupPreload, scheduleDelayedPreloads } from './app/preload';
import { retryUntilLoaded } from './app/retryPreload';
import { createAppRouter } from './app/router';
import { skipsPreload, themeFor } from './app/routeRules';
import { applyTheme, readStoredDarkMode } from './app/theme';
import { currentUserAtom } from './features/auth/session';
import { hasUserCookie } from './lib/cookies';
import { request } from './lib/graphql';
import { browserLanguages, i18n, initI18n, resolveLanguage, setLanguage, storedLanguage, toSupportedLanguage } from './lib/i18n';
import { staleReload } from './lib/staleReload';
import { appStore, StoreProvider } from './lib/store';
import './app/styles/theme.css';

staleReload.init();
applyTheme(themeFor(window.location.pathname, readStoredDarkMode()));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
root.render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <StoreProvider store={appStore}>
        <LoadingScreen />
      </StoreProvider>
    </I18nextProvider>
  </StrictMode>,
);

async function start(): Promise<void> {
  const pathname = window.location.pathname;
  const translations = initI18n(resolveLanguage({ stored: storedLanguage(), browser: browserLanguages() }));
  const preload = () => runStartupPreload(pathname, hasUserCookie(), { request, store: appStore, log: console });
  const firstPreload = preload();
  await translations;
  let attempts = 0;
  const preloaded = await retryUntilLoaded(() => (attempts++ === 0 ? firstPreload : preload()), hasUserCookie);
  // Signed out while loading: the sign-in page is on its way.
  if (!preloaded) return;

  const profileLanguage = toSupportedLanguage(appStore.get(currentUserAtom)?.language);
  if (profileLanguage) await setLanguage(profileLanguage);

  root.render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <App router={createAppRouter()} />
      </I18nextProvider>
    </StrictMode>,
  );

  if (hasUserCookie() && !skipsPreload(pathname)) scheduleDelayedPreloads(delayedPreloads({ request, store: appStore }));
}

start().catch((error: unknown) => console.error('[start-up] the app could not start', error));
