import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** The reports area. Until its feature lands it shows the area's empty state. */
export default function ReportsPage() {
  return <AreaPlaceholder area="reports" />;
}
