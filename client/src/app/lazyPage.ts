import { lazy, type ComponentType } from 'react';
import { staleReload } from '../lib/staleReload';

/** React.lazy through stale-page recovery (SPEC §8): a chunk missing after a deploy is retried, then the page reloads once. */
export function lazyPage<Props extends object>(importer: () => Promise<{ default: ComponentType<Props> }>) {
  return lazy(() => staleReload.load(importer));
}
