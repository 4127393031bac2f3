import { Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useParams } from 'react-router';
import { LoadingScreen } from '../../app/LoadingScreen';
import { loadSession } from '../../app/preload';
import { retryUntilLoaded } from '../../app/retryPreload';
import { hasUserCookie } from '../../lib/cookies';
import { pageTitleDetailAtom, useDocumentTitle } from '../../lib/documentTitle';
import { useAtom, useAtomValue, useStore } from '../../lib/store';
import { currentUserAtom } from '../auth/session';
import { useChatLive } from '../chat/useChatLive';
import { UploadTray } from '../files/UploadTray';
import { IncomingCallDialog } from '../meetings/ringing/IncomingCallDialog';
import { OnboardingFlow } from '../onboarding/OnboardingFlow';
import { useOnboardingGate } from '../onboarding/useOnboardingGate';
import { CommandPalette } from '../search/CommandPalette';
import { useCommandPaletteShortcut } from '../search/useCommandPaletteShortcut';
import { newSpaceOpenAtom, spacesAtom } from '../spaces/atoms';
import { NewSpaceDialog } from '../spaces/NewSpaceDialog';
import { SpaceSettingsHost } from '../spaces/SpaceSettingsDialog';
import { StoryRecordingDock } from '../stories/StoryRecordingDock';
import { useSpacesLive } from '../spaces/useSpacesLive';
import { useTeamLive } from '../teams/useTeamLive';
import { overviewScope, resolveDashboardLocation, type DashboardLocation } from './areas';
import { usePageFocus } from './pageFocus';
import { useRegionCycling } from './regions';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import styles from './DashboardLayout.module.css';

/** Which page is shown, for moving focus to its heading when it changes (and only then: not inside a page). */
function pageKeyOf(location: DashboardLocation, onboarding: boolean): string {
  if (onboarding) return 'onboarding';
  return location.kind === 'area' ? `${location.scope}/${location.area}` : location.kind;
}

/**
 * The dashboard frame: sidebar, top bar and the area in the main column. Areas read the location
 * through the outlet context. F6 moves between its regions; a page change moves focus to the
 * page's heading and is announced in a polite live region.
 */
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
  useCommandPaletteShortcut();

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
  const detail = useAtomValue(pageTitleDetailAtom);
  const fullTitle = detail ? `${detail} · ${title}` : title;
  useDocumentTitle(fullTitle);
  const heading = useRef<HTMLHeadingElement>(null);
  const announcement = usePageFocus(pageKeyOf(location, onboarding), fullTitle, heading);
  useRegionCycling();

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
          headingRef={heading}
        />
        <main id="main" className={styles.main} tabIndex={-1} aria-label={title} data-region="main">
          <Suspense fallback={<LoadingScreen variant="inline" />}>
            {onboarding ? <OnboardingFlow /> : <Outlet context={location} />}
          </Suspense>
        </main>
      </div>
      <NewSpaceDialog open={newSpaceOpen} onOpenChange={setNewSpaceOpen} />
      <SpaceSettingsHost />
      <UploadTray />
      <IncomingCallDialog />
      <CommandPalette scope={location.scope} />
      {/* A story keeps recording while its author works elsewhere in the app: its bar and preview follow them. */}
      <StoryRecordingDock />
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="page-announcer">
        {announcement}
      </div>
    </div>
  );
}
