import { Image } from 'lucide-react';
import { PublicPlaceholder } from '../shell/PublicPlaceholder';

/** /share/media/:fileId, a publicly shared file. */
export default function SharedMediaPage() {
  return <PublicPlaceholder area="shareMedia" icon={Image} />;
}
