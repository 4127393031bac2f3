import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** The feedback area. Until its feature lands it shows the area's empty state. */
export default function FeedbackPage() {
  return <AreaPlaceholder area="feedback" />;
}
