import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request } from '../../lib/graphql';
import { describeRequestError } from '../../lib/formMessages';
import { useAtomValue, useStore } from '../../lib/store';
import { Button, Dialog, Notice, showToast } from '../../ui';
import { currentUserAtom } from '../auth/session';
import { privatsAtom } from '../chat/atoms';
import { otherMember } from '../chat/chatLists';
import { personName } from '../chat/format';
import { setMessageDocument } from '../chat/operations';
import { acknowledgeMessage } from '../chat/outbox';
import { spaceListAtom } from '../spaces/atoms';
import type { AiMessage } from './operations';
import fieldStyles from '../../ui/TextInput.module.css';

interface ChatTarget {
  kind: 'project' | 'privat';
  id: string;
  name: string;
}

/** Choose a space channel or a private chat, and the answer is posted there as a message of the caller (chat's setMessage). */
export function SendToChatDialog({ answer, onClose }: { answer: AiMessage | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const navigate = useNavigate();
  const me = useAtomValue(currentUserAtom)?.id ?? null;
  const spaces = useAtomValue(spaceListAtom);
  const privats = useAtomValue(privatsAtom) ?? [];
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();

  const targets: ChatTarget[] = [
    ...spaces.map((space) => ({ kind: 'project' as const, id: space.id, name: space.name })),
    ...privats
      .filter((privat) => !privat.inactive)
      .map((privat) => {
        const other = otherMember(privat, me);
        return { kind: 'privat' as const, id: privat.id, name: privat.name ?? personName(other, t('ai.send.unnamedChat')) };
      }),
  ];
  const target = targets.find((item) => `${item.kind}:${item.id}` === chosen) ?? targets[0] ?? null;

  const close = () => {
    setChosen('');
    setError(null);
    onClose();
  };

  const submit = async () => {
    if (!answer || !target) return;
    setBusy(true);
    setError(null);
    try {
      const { setMessage } = await request(
        setMessageDocument,
        { [target.kind]: target.id, body: answer.body, clientId: crypto.randomUUID() },
        { handledByCaller: true },
      );
      acknowledgeMessage(store, setMessage);
      showToast({
        message: t('ai.send.done', { name: target.name }),
        icon: 'success',
        action: { label: t('ai.send.open'), onClick: () => void navigate(`/chats/${target.id}`) },
      });
      close();
    } catch (caught) {
      setError(describeRequestError(caught, t, i18n.language).message);
    } finally {
      setBusy(false);
    }
  };

  const option = (item: ChatTarget) => (
    <option key={`${item.kind}:${item.id}`} value={`${item.kind}:${item.id}`}>
      {item.kind === 'project' ? `# ${item.name}` : item.name}
    </option>
  );

  return (
    <Dialog
      open={answer !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={t('ai.send.title')}
      description={t('ai.send.description')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('dialog.cancel')}
          </Button>
          <Button variant="primary" loading={busy} disabled={!target} onClick={() => void submit()}>
            {t('ai.send.submit')}
          </Button>
        </>
      }
    >
      {error && <Notice tone="error">{error}</Notice>}
      {targets.length === 0 ? (
        <Notice tone="info">{t('ai.send.noChats')}</Notice>
      ) : (
        <div className={fieldStyles.field}>
          <label htmlFor={selectId} className={fieldStyles.label}>
            {t('ai.send.chat')}
          </label>
          <select
            id={selectId}
            className={`${fieldStyles.input} ${fieldStyles.select}`}
            value={target ? `${target.kind}:${target.id}` : ''}
            onChange={(event) => setChosen(event.target.value)}
            data-autofocus
          >
            <optgroup label={t('ai.send.spaces')}>{targets.filter((item) => item.kind === 'project').map(option)}</optgroup>
            {targets.some((item) => item.kind === 'privat') && (
              <optgroup label={t('ai.send.privats')}>{targets.filter((item) => item.kind === 'privat').map(option)}</optgroup>
            )}
          </select>
        </div>
      )}
    </Dialog>
  );
}
