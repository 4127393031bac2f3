import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** The media area. Until its feature lands it shows the area's empty state. */
export default function MediaPage() {
  return <AreaPlaceholder area="media" />;
}
