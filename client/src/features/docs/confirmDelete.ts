import { i18n } from '../../lib/i18n';
import type { AppStore } from '../../lib/store';
import { openDialog } from '../../ui';
import { deleteDoc } from './docsActions';
import type { Wall } from './operations';

/** Asks before deleting a doc with its content (there is no undo); resolves true once it is gone. */
export async function confirmDeleteDoc(store: AppStore, wall: Wall): Promise<boolean> {
  const { confirmed } = await openDialog({
    title: i18n.t('docs.delete.title', { title: wall.title }),
    description: i18n.t('docs.delete.body'),
    primaryLabel: i18n.t('docs.delete.confirm'),
    tone: 'danger',
  });
  return confirmed && (await deleteDoc(store, wall));
}
