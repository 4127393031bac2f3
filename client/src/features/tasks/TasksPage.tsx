import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** The tasks area. Until its feature lands it shows the area's empty state. */
export default function TasksPage() {
  return <AreaPlaceholder area="tasks" />;
}
