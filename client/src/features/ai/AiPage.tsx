import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** The AI assistant. Until its feature lands it shows the area's empty state. */
export default function AiPage() {
  return <AreaPlaceholder area="ai" />;
}
