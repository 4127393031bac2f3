import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request } from '../../lib/graphql';
import { useAction } from '../../lib/useAction';
import { useStore } from '../../lib/store';
import { Avatar, Button, Dialog, Notice, TextInput, openDialog } from '../../ui';
import { forgetPrivat, storePrivat } from './atoms';
import { personName } from './format';
import { ediPrivatDocument, leavePrivatDocument, type Privat } from './operations';
import { PeoplePicker } from './PeoplePicker';
import styles from './Chat.module.css';

/** A group chat's settings: rename, add people, make inactive (or active again), leave. */
export function ChatSettingsDialog({
  privat,
  open,
  onOpenChange,
}: {
  privat: Privat;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const store = useStore();
  const navigate = useNavigate();
  const { error, pending, run } = useAction();
  const [name, setName] = useState(privat.name ?? '');
  const [adding, setAdding] = useState<string[]>([]);

  const edit = (key: string, changes: { name?: string; inactive?: boolean; addUsers?: string[] }) =>
    run(key, async () => {
      const { ediPrivat } = await request(ediPrivatDocument, { id: privat.id, ...changes }, { handledByCaller: true });
      storePrivat(store, ediPrivat);
    });

  const leave = async () => {
    const { confirmed } = await openDialog(
      {
        title: t('chat.settings.leaveTitle', { name: privat.name ?? '' }),
        description: t('chat.settings.leaveDescription'),
        primaryLabel: t('chat.settings.leave'),
        tone: 'danger',
      },
      store,
    );
    if (!confirmed) return;
    const outcome = await run('leave', () => request(leavePrivatDocument, { id: privat.id }, { handledByCaller: true }));
    if (!outcome.ok) return;
    forgetPrivat(store, privat.id);
    onOpenChange(false);
    void navigate('/chats');
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('chat.settings.title')} size="md">
      <div className={styles.dialogForm}>
        {error && <Notice tone="error">{error}</Notice>}
        <form
          className={styles.inlineForm}
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim() && name.trim() !== privat.name) void edit('rename', { name: name.trim() });
          }}
        >
          <TextInput label={t('chat.settings.name')} value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
          <Button type="submit" loading={pending === 'rename'} disabled={!name.trim() || name.trim() === privat.name}>
            {t('chat.settings.rename')}
          </Button>
        </form>
        <section aria-label={t('chat.settings.members')}>
          <h3 className={styles.dialogHeading}>{t('chat.settings.members')}</h3>
          <ul className={styles.memberList}>
            {privat.users.map((user) => {
              const userName = personName(user, user.id);
              return (
                <li key={user.id}>
                  <Avatar name={userName} src={user.profileImg} colorKey={user.id} size={22} /> {userName}
                </li>
              );
            })}
          </ul>
        </section>
        <section aria-label={t('chat.settings.addPeople')}>
          <h3 className={styles.dialogHeading}>{t('chat.settings.addPeople')}</h3>
          <PeoplePicker selected={adding} onChange={setAdding} exclude={privat.users.map((user) => user.id)} />
          <Button
            loading={pending === 'add'}
            disabled={adding.length === 0}
            onClick={() => void edit('add', { addUsers: adding }).then((outcome) => outcome.ok && setAdding([]))}
          >
            {t('chat.settings.add')}
          </Button>
        </section>
        <div className={styles.dialogFooter}>
          <Button loading={pending === 'inactive'} onClick={() => void edit('inactive', { inactive: !privat.inactive })}>
            {privat.inactive ? t('chat.settings.activate') : t('chat.settings.deactivate')}
          </Button>
          <Button variant="danger" loading={pending === 'leave'} onClick={() => void leave()}>
            {t('chat.settings.leave')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
