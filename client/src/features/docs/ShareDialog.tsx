import { Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/store';
import { Button, Dialog, showToast, Switch, TextInput } from '../../ui';
import styles from './Docs.module.css';
import { editWall } from './docsActions';
import type { Wall } from './operations';

/** The iframe snippet of a shared doc's embed page. */
export function embedSnippet(embedUrl: string, title: string): string {
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${escape(embedUrl)}" title="${escape(title)}" width="100%" height="600" style="border:0" loading="lazy"></iframe>`;
}

function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast({ message: t('docs.share.copied'), icon: 'success' });
    } catch {
      showToast({ message: t('docs.share.copyFailed'), icon: 'error' });
    }
  };
  return (
    <div className={styles.copyField}>
      <TextInput label={label} value={value} readOnly onFocus={(event) => event.currentTarget.select()} />
      <Button
        size="sm"
        icon={<Copy size={14} aria-hidden />}
        onClick={() => void copy()}
        aria-label={t('docs.share.copy', { what: label })}
      >
        {t('docs.share.copyShort')}
      </Button>
    </div>
  );
}

/** Turns the public link on or off (a new secret each time it is turned on) and hands out the link and the embed code. */
export function ShareDialog({ wall, onClose }: { wall: Wall; onClose: () => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const [pending, setPending] = useState(false);

  const toggle = async (shared: boolean) => {
    setPending(true);
    await editWall(store, wall, { shared });
    setPending(false);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('docs.share.title')} size="md">
      <Switch
        label={t('docs.share.toggle')}
        description={t('docs.share.description')}
        checked={wall.shared}
        onChange={(shared) => void toggle(shared)}
        disabled={pending || !wall.canManage}
      />
      {!wall.canManage && <p className={styles.muted}>{t('docs.share.managersOnly')}</p>}
      {wall.shared && wall.shareUrl && <CopyField label={t('docs.share.link')} value={wall.shareUrl} />}
      {wall.shared && wall.embed && <CopyField label={t('docs.share.embed')} value={embedSnippet(wall.embed, wall.title)} />}
      {wall.shared && !wall.shareUrl && <p className={styles.muted}>{t('docs.share.preparing')}</p>}
    </Dialog>
  );
}
