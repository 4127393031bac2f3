import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** The download-the-app page. Until its feature lands it shows the area's empty state. */
export default function DownloadPage() {
  return <AreaPlaceholder area="download" />;
}
