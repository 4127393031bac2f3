import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** The plans page. Until its feature lands it shows the area's empty state. */
export default function UpgradePage() {
  return <AreaPlaceholder area="upgrade" />;
}
