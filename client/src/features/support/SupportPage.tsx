import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** The support area. Until its feature lands it shows the area's empty state. */
export default function SupportPage() {
  return <AreaPlaceholder area="support" />;
}
