import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** The stories area. Until its feature lands it shows the area's empty state. */
export default function StoriesPage() {
  return <AreaPlaceholder area="stories" />;
}
