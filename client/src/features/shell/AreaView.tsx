import { useOutletContext } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import type { AreaKey, DashboardLocation } from './areas';
import { NotFound } from './NotFound';

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
} satisfies Record<AreaKey, unknown>;

export default function AreaView() {
  const location = useOutletContext<DashboardLocation>();
  if (location.kind !== 'area') return <NotFound />;
  const Page = areaPages[location.area];
  return <Page />;
}
