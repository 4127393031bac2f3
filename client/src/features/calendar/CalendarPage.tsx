import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** The calendar area. Until its feature lands it shows the area's empty state. */
export default function CalendarPage() {
  return <AreaPlaceholder area="calendar" />;
}
