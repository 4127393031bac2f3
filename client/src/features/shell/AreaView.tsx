import { useOutletContext } from 'react-router';
import { LoadingScreen } from '../../app/LoadingScreen';
import { lazyPage } from '../../app/lazyPage';
import { useSpaceLookup } from '../spaces/useSpaceLookup';
import type { AreaKey, DashboardLocation } from './areas';
import { NotFound, Unreachable } from './NotFound';

/** Each area's screen, loaded on first visit. Later issues replace the page inside the area's own folder. */
const areaPages = {
  home: lazyPage(() => import('../home/HomePage')),
  tasks: lazyPage(() => import('../tasks/TasksPage')),
  media: lazyPage(() => import('../files/MediaPage')),
  files: lazyPage(() => import('../files/FilesPage')),
  stories: lazyPage(() => import('../stories/StoriesPage')),
  docs: lazyPage(() => import('../docs/DocsPage')),
  meetings: lazyPage(() => import('../meetings/MeetingsPage')),
  messages: lazyPage(() => import('../chat/MessagesPage')),
  calendar: lazyPage(() => import('../calendar/CalendarPage')),
  reports: lazyPage(() => import('../reports/ReportsPage')),
  search: lazyPage(() => import('../search/SearchPage')),
  preferences: lazyPage(() => import('../admin/PreferencesPage')),
  feedback: lazyPage(() => import('../support/FeedbackPage')),
  support: lazyPage(() => import('../support/SupportPage')),
  spaces: lazyPage(() => import('../spaces/AllSpacesPage')),
  ai: lazyPage(() => import('../ai/AiPage')),
  upgrade: lazyPage(() => import('../billing/UpgradePage')),
  sales: lazyPage(() => import('../billing/ContactSalesPage')),
  download: lazyPage(() => import('../mobile/DownloadPage')),
} satisfies Record<AreaKey, unknown>;

/**
 * An area of a scope. A space id the client does not know is checked first, so an unknown space
 * shows the not-found page for every area alike, and a failed check offers a retry instead.
 */
function ScopedArea({ scope, area }: { scope: string; area: AreaKey }) {
  const { lookup, retry } = useSpaceLookup(scope);
  if (lookup === 'notFound') return <NotFound />;
  if (lookup === 'failed') return <Unreachable onRetry={retry} />;
  if (lookup === 'checking') return <LoadingScreen variant="inline" />;
  const Page = areaPages[area];
  return <Page />;
}

export default function AreaView() {
  const location = useOutletContext<DashboardLocation>();
  if (location.kind !== 'area') return <NotFound />;
  return <ScopedArea scope={location.scope} area={location.area} />;
}
