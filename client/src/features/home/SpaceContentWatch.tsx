/** Home's live docs and files: the docs and files areas' own subscriptions of a space, one pair per space shown. */
import { useSubscription } from '../../lib/subscriptions';
import { homeDocChangesDocument, homeFileChangesDocument } from './operations';

/**
 * Listens to one space's doc and file changes (subDoc, subFile) and calls back on each, and when the live
 * connection came back without what it missed; renders nothing. A component per space, since hooks cannot
 * run in a loop.
 */
export function SpaceContentWatch({
  project,
  onDocsChanged,
  onFilesChanged,
}: {
  project: string;
  onDocsChanged: () => void;
  onFilesChanged: () => void;
}) {
  useSubscription(homeDocChangesDocument, { project }, onDocsChanged, { reload: onDocsChanged });
  useSubscription(homeFileChangesDocument, { project }, onFilesChanged, { reload: onFilesChanged });
  return null;
}
