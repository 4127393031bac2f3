import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** The home area. Until its feature lands it shows the area's empty state. */
export default function HomePage() {
  return <AreaPlaceholder area="home" />;
}
