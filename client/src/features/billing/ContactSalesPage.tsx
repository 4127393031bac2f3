import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** The contact-sales form. Until its feature lands it shows the area's empty state. */
export default function ContactSalesPage() {
  return <AreaPlaceholder area="sales" />;
}
