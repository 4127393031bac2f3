import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request } from '../../lib/graphql';
import { useAction } from '../../lib/useAction';
import { useStore } from '../../lib/store';
import { Button, Dialog, Notice, TextInput } from '../../ui';
import { storePrivat } from './atoms';
import { setPrivatDocument } from './operations';
import { PeoplePicker } from './PeoplePicker';
import styles from './Chat.module.css';

/** Starts a chat: one person gives the (existing or new) direct chat, several a named group. */
export function NewChatDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const navigate = useNavigate();
  const { error, setError, pending, run } = useAction();
  const [selected, setSelected] = useState<string[]>([]);
  const [name, setName] = useState('');
  const group = selected.length > 1;
  // The chat just made: focus goes to its composer (or its entry in the list) rather than back to "New chat".
  const createdChat = useRef<string | null>(null);
  useEffect(() => {
    if (open) createdChat.current = null;
  }, [open]);

  const close = (next: boolean) => {
    if (!next) {
      setSelected([]);
      setName('');
      setError(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (selected.length === 0) return setError(t('chat.newChat.pickSomeone'));
    if (group && !name.trim()) return setError(t('chat.newChat.nameRequired'));
    let created = '';
    const outcome = await run('create', async () => {
      const { setPrivat } = await request(setPrivatDocument, group ? { users: selected, name: name.trim() } : { users: selected }, {
        handledByCaller: true,
      });
      storePrivat(store, setPrivat);
      created = setPrivat.id;
    });
    if (!outcome.ok) return;
    createdChat.current = created;
    close(false);
    void navigate(`/chats/${created}`);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('chat.newChat.title')}
      description={t('chat.newChat.description')}
      size="md"
      returnFocusTo={() => {
        const chat = createdChat.current;
        if (!chat) return undefined;
        return (
          document.querySelector<HTMLElement>('main [role="textbox"][contenteditable="true"]') ??
          document.querySelector<HTMLElement>(`a[href="/chats/${chat}"]`)
        );
      }}
    >
      <form className={styles.dialogForm} onSubmit={(event) => void submit(event)}>
        {error && <Notice tone="error">{error}</Notice>}
        <PeoplePicker selected={selected} onChange={setSelected} />
        {group && (
          <TextInput label={t('chat.newChat.name')} value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
        )}
        <div className={styles.dialogFooter}>
          <Button onClick={() => close(false)}>{t('dialog.cancel')}</Button>
          <Button type="submit" variant="primary" loading={pending === 'create'} disabled={selected.length === 0}>
            {group ? t('chat.newChat.createGroup') : t('chat.newChat.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
