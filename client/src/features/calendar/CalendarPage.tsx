import { useParams } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { CalendarView } from './CalendarView';

const CalendarSyncPage = lazyPage(() => import('./CalendarSyncPage'));

/** The calendar area: the calendar itself, or its sync page at /:project/calendar/sync (SPEC §2 "a calendar sync page"). */
export default function CalendarPage() {
  const { id } = useParams();
  return id === 'sync' ? <CalendarSyncPage /> : <CalendarView />;
}
