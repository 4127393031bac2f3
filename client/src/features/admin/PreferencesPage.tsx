import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** The preferences area. Until its feature lands it shows the area's empty state. */
export default function PreferencesPage() {
  return <AreaPlaceholder area="preferences" />;
}
