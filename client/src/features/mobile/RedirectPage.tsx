import { Smartphone } from 'lucide-react';
import { PublicPlaceholder } from '../shell/PublicPlaceholder';

/** /redirect, /mobile and /mobile/*: sends phones to the mobile app. */
export default function RedirectPage() {
  return <PublicPlaceholder area="redirect" icon={Smartphone} />;
}
