import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request } from '../../lib/graphql';
import { describeRequestError } from '../../lib/formMessages';
import { useAtomValue } from '../../lib/store';
import { Button, Dialog, Notice, Select, showToast } from '../../ui';
import { getWallsDocument, type Wall } from '../docs/operations';
import { docPagePath } from '../docs/paths';
import { spaceListAtom } from '../spaces/atoms';
import { insertIntoDoc } from './docInsert';
import type { AiMessage } from './operations';

/** The most docs listed per space (getWalls' largest page), most recently updated first. */
const docsListed = 100;

type DocsState = { space: string; docs: readonly Wall[] } | { space: string; error: string } | null;

export interface InsertIntoDocDialogProps {
  answer: AiMessage | null;
  onClose: () => void;
  /** Copies the answer to the clipboard (the fallback when the doc could not take it). */
  copy: (text: string) => Promise<boolean>;
  insert?: typeof insertIntoDoc;
}

/**
 * Choose a doc of a space where one can write, and the answer is appended to it as paragraphs through the doc's
 * room. If the room does not take it, the doc opens with the answer on the clipboard, and a toast says so.
 */
export function InsertIntoDocDialog({ answer, onClose, copy, insert = insertIntoDoc }: InsertIntoDocDialogProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const spaces = useAtomValue(spaceListAtom);
  const [space, setSpace] = useState('');
  const [docs, setDocs] = useState<DocsState>(null);
  const [doc, setDoc] = useState('');
  const [busy, setBusy] = useState(false);
  const chosenSpace = space || spaces[0]?.id || '';

  useEffect(() => {
    if (!answer || !chosenSpace) return undefined;
    const abort = new AbortController();
    request(getWallsDocument, { project: chosenSpace, limit: docsListed }, { handledByCaller: true, signal: abort.signal }).then(
      ({ getWalls }) => setDocs({ space: chosenSpace, docs: getWalls.walls.filter((wall) => wall.canEdit) }),
      (error: unknown) => {
        if (!abort.signal.aborted) setDocs({ space: chosenSpace, error: describeRequestError(error, t, i18n.language).message });
      },
    );
    return () => abort.abort();
  }, [answer, chosenSpace, t, i18n.language]);

  const listed = docs && docs.space === chosenSpace ? docs : null;
  const writable = listed && 'docs' in listed ? listed.docs : null;
  const target = writable?.find((wall) => wall.id === doc) ?? writable?.[0] ?? null;

  const submit = async () => {
    if (!answer || !target) return;
    setBusy(true);
    const path = docPagePath(target.project, target);
    try {
      await insert(target.room, answer.body);
      showToast({
        message: t('ai.insert.done', { title: target.title }),
        icon: 'success',
        action: { label: t('ai.insert.open'), onClick: () => void navigate(path) },
      });
    } catch {
      const copied = await copy(answer.body);
      showToast({ message: t(copied ? 'ai.insert.fallback' : 'ai.insert.failed'), icon: 'warning', persistent: copied });
      void navigate(path);
    } finally {
      setBusy(false);
      setDoc('');
      onClose();
    }
  };

  return (
    <Dialog
      open={answer !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('ai.insert.title')}
      description={t('ai.insert.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button variant="primary" loading={busy} disabled={!target} onClick={() => void submit()}>
            {t('ai.insert.submit')}
          </Button>
        </>
      }
    >
      <Select
        label={t('ai.insert.space')}
        value={chosenSpace}
        options={spaces.map((item) => ({ value: item.id, label: item.name }))}
        onChange={(event) => {
          setSpace(event.target.value);
          setDoc('');
        }}
      />
      {listed && 'error' in listed && <Notice tone="error">{listed.error}</Notice>}
      {writable && writable.length === 0 && <Notice tone="info">{t('ai.insert.noDocs')}</Notice>}
      {writable && writable.length > 0 && (
        <Select
          label={t('ai.insert.doc')}
          value={target?.id ?? ''}
          options={writable.map((wall) => ({ value: wall.id, label: wall.emoji ? `${wall.emoji} ${wall.title}` : wall.title }))}
          onChange={(event) => setDoc(event.target.value)}
          data-autofocus
        />
      )}
    </Dialog>
  );
}
