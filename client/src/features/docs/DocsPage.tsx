import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** The docs area. Until its feature lands it shows the area's empty state. */
export default function DocsPage() {
  return <AreaPlaceholder area="docs" />;
}
