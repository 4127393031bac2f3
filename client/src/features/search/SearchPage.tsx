import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** The search area. Until its feature lands it shows the area's empty state. */
export default function SearchPage() {
  return <AreaPlaceholder area="search" />;
}
