import { FileText } from 'lucide-react';
import { PublicPlaceholder } from '../shell/PublicPlaceholder';

/** /share/doc/:docId, a publicly shared document. */
export default function SharedDocPage() {
  return <PublicPlaceholder area="shareDoc" icon={FileText} />;
}
