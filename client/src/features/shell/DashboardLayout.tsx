import { Suspense, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useParams } from 'react-router';
import { LoadingScreen } from '../../app/LoadingScreen';
import { loadSession } from '../../app/preload';
import { retryUntilLoaded } from '../../app/retryPreload';
import { hasUserCookie } from '../../lib/cookies';
import { useDocumentTitle } from '../../lib/documentTitle';
import { useAtom, useAtomValue, useStore } from '../../lib/store';
import { currentUserAtom } from '../auth/session';
import { useChatLive } from '../chat/useChatLive';
import { UploadTray } from '../files/UploadTray';
import { OnboardingFlow } from '../onboarding/OnboardingFlow';
import { useOnboardingGate } from '../onboarding/useOnboardingGate';
import { newSpaceOpenAtom, spacesAtom } from '../spaces/atoms';
import { NewSpaceDialog } from '../spaces/NewSpaceDialog';
import { SpaceSettingsHost } from '../spaces/SpaceSettingsDialog';
import { useSpacesLive } from '../spaces/useSpacesLive';
import { useTeamLive } from '../teams/useTeamLive';
import { overviewScope, resolveDashboardLocation } from './areas';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import styles from './DashboardLayout.module.css';

/** The dashboard frame: sidebar, top bar and the area in the main column. Areas read the location through the outlet context. */
export default function DashboardLayout() {
  const { t } = useTranslation();
  const params = useParams();
  const { pathname } = useLocation();
  const location = resolveDashboardLocation(pathname, params);
  const spaces = useAtomValue(spacesAtom);
  const user = useAtomValue(currentUserAtom);
  const store = useStore();
  const sidebarId = useId();
  // The drawer is open on the page it was opened on: it closes whenever the page changes (a link, a dialog that
  // navigates, a team switch).
  const [sidebarOpenOn, setSidebarOpenOn] = useState<string | null>(null);
  const sidebarOpen = sidebarOpenOn === pathname;
  const setSidebarOpen = useCallback((open: boolean) => setSidebarOpenOn(open ? pathname : null), [pathname]);
  const [newSpaceOpen, setNewSpaceOpen] = useAtom(newSpaceOpenAtom);
  const onboarding = useOnboardingGate();
  useSpacesLive();
  useTeamLive();
  useChatLive();

  useEffect(() => {
    if (user) return undefined;
    let left = false;
    void retryUntilLoaded(
      () => loadSession(store),
      () => !left && hasUserCookie(),
    );
    return () => {
      left = true;
    };
  }, [user, store]);

  useEffect(() => {
    if (!sidebarOpen) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setSidebarOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [sidebarOpen, setSidebarOpen]);

  const title = onboarding
    ? t('onboarding.pageTitle')
    : location.kind === 'notFound'
      ? t('errors.notFound.title')
      : location.kind === 'chats'
        ? t('areas.chats.title')
        : t(`areas.${location.area}.title`);
  const scopeName =
    location.kind === 'chats'
      ? undefined
      : location.scope === overviewScope
        ? t('space.overview')
        : (spaces.get(location.scope)?.name ?? t('space.current'));
  useDocumentTitle(title);

  return (
    <div className={styles.frame}>
      <a href="#main" className={styles.skipLink}>
        {t('app.skipToContent')}
      </a>
      <Sidebar id={sidebarId} location={location} open={sidebarOpen} onNavigate={() => setSidebarOpen(false)} />
      {sidebarOpen && <div className={styles.backdrop} onClick={() => setSidebarOpen(false)} aria-hidden />}
      <div className={styles.column}>
        <TopBar
          title={title}
          scopeName={onboarding ? undefined : scopeName}
          sidebarId={sidebarId}
          sidebarOpen={sidebarOpen}
          onOpenSidebar={() => setSidebarOpen(true)}
        />
        <main id="main" className={styles.main} tabIndex={-1}>
          <Suspense fallback={<LoadingScreen variant="inline" />}>
            {onboarding ? <OnboardingFlow /> : <Outlet context={location} />}
          </Suspense>
        </main>
      </div>
      <NewSpaceDialog open={newSpaceOpen} onOpenChange={setNewSpaceOpen} />
      <SpaceSettingsHost />
      <UploadTray />
    </div>
  );
}
