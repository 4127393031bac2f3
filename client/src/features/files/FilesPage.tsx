import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** The files area. Until its feature lands it shows the area's empty state. */
export default function FilesPage() {
  return <AreaPlaceholder area="files" />;
}
