import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/graphql';
import { useAction } from '../../lib/useAction';
import { useAtomValue } from '../../lib/store';
import { Button, Dialog, Notice, Spinner, openDialog, showToast } from '../../ui';
import { currentUserAtom } from '../auth/session';
import {
  createVariables,
  editVariables,
  eventToForm,
  formProblems,
  isOccurrence,
  responsesFor,
  scopeVariables,
  type EditScope,
  type EventForm,
  type EventResponse,
} from './calendarModel';
import { EventFormFields, type FieldProblems } from './EventFormFields';
import { EventPeople, MeetingLink, ResponseButtons } from './EventPeople';
import { EventSummary } from './EventSummary';
import {
  delEventDocument,
  ediEventDocument,
  getEventDocument,
  respondEventDocument,
  setEventDocument,
  type CalendarEntry,
  type CalendarEvent,
} from './operations';
import type { EventChangeHeard } from './useCalendarData';
import styles from './Calendar.module.css';

export type DialogTarget = { kind: 'new'; form: EventForm } | { kind: 'entry'; entry: CalendarEntry };

interface Props {
  target: DialogTarget;
  onClose: () => void;
  /** Something changed: the view reads its range again. */
  onChanged: () => void;
  askScope: (purpose: 'edit' | 'delete') => Promise<EditScope | null>;
  /** The last change subEvent reported: the dialog reads its event again when it is this one (an invitee answered). */
  heard?: EventChangeHeard | null;
}

type Loaded = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; event: CalendarEvent };

/**
 * The event dialog, mounted for one target at a time: a new event's form; an existing event's details, people,
 * meeting link and the caller's answers, with the form and delete for whoever may edit it (its author, or the owner
 * of an imported one).
 */
export function EventDialog({ target, onClose, onChanged, askScope, heard = null }: Props) {
  const { t } = useTranslation();
  const me = useAtomValue(currentUserAtom)?.id;
  const action = useAction();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [form, setForm] = useState<EventForm | null>(target.kind === 'new' ? target.form : null);
  const [problems, setProblems] = useState<FieldProblems>({});
  const entry = target.kind === 'entry' ? target.entry : null;
  // Read again on a change of this event; the form keeps what the person typed (only the first read fills it).
  const changeOfThis = heard && entry && heard.event === entry.event ? heard.seq : null;

  useEffect(() => {
    if (!entry) return undefined;
    let stopped = false;
    request(getEventDocument, { id: entry.event }, { handledByCaller: true })
      .then(({ getEvent }) => {
        if (stopped) return;
        if (!getEvent) {
          setLoaded({ kind: 'failed', message: t('calendar.dialog.gone') });
          return;
        }
        setLoaded({ kind: 'ready', event: getEvent });
        setForm((current) => current ?? eventToForm(getEvent, { start: entry.start, end: entry.end }));
      })
      .catch(
        () =>
          !stopped &&
          setLoaded((current) => (current.kind === 'ready' ? current : { kind: 'failed', message: t('calendar.dialog.loadFailed') })),
      );
    return () => {
      stopped = true;
    };
  }, [entry, t, changeOfThis]);

  const event = loaded.kind === 'ready' && entry ? loaded.event : null;
  const editable = target.kind === 'new' || (event?.editable ?? false);

  const check = (values: EventForm) => {
    const found = formProblems(values);
    setProblems(found);
    return Object.keys(found).length === 0;
  };

  const create = async (values: EventForm) => {
    const outcome = await action.run('save', () => request(setEventDocument, createVariables(values), { handledByCaller: true }));
    if (!outcome.ok) return;
    showToast({ message: t('calendar.toast.created'), icon: 'success' });
    onChanged();
    onClose();
  };

  const save = async () => {
    if (!form || !check(form)) return;
    if (target.kind === 'new') return create(form);
    if (!event || !entry) return;
    const scope = isOccurrence(entry) ? await askScope('edit') : null;
    if (isOccurrence(entry) && !scope) return;
    // The times are the occurrence's: with "all events" the server moves the series by as much as they moved.
    const values = editVariables(form);
    // One occurrence is an exception: its series' rule is not changed from here.
    const {
      recurring: _recurring,
      until: _until,
      ...withoutSeries
    } = values as typeof values & { recurring?: string; until?: string | null };
    const fields = scope === 'this' ? withoutSeries : values;
    const outcome = await action.run('save', () =>
      request(ediEventDocument, { ...fields, id: event.id, ...scopeVariables(entry, scope) }, { handledByCaller: true }),
    );
    if (!outcome.ok) return;
    showToast({ message: t('calendar.toast.saved'), icon: 'success' });
    onChanged();
    onClose();
  };

  const remove = async () => {
    if (!event || !entry) return;
    let scope: EditScope | null = null;
    if (isOccurrence(entry)) {
      scope = await askScope('delete');
      if (!scope) return;
    } else {
      const answer = await openDialog({
        title: t('calendar.delete.title'),
        description: t('calendar.delete.description', { title: event.title }),
        primaryLabel: t('calendar.dialog.delete'),
        tone: 'danger',
      });
      if (!answer.confirmed) return;
    }
    const outcome = await action.run('delete', () =>
      request(delEventDocument, { id: event.id, ...scopeVariables(entry, scope) }, { handledByCaller: true }),
    );
    if (!outcome.ok) return;
    onChanged();
    onClose();
    // A single event comes back as it was (a new event with the same fields); an occurrence's deletion is its series'.
    const restore =
      scope === null
        ? () => void request(setEventDocument, { ...createVariables(eventToForm(event)), meeting: event.meet }).then(onChanged)
        : undefined;
    showToast({
      message: t('calendar.toast.deleted', { title: event.title }),
      icon: 'success',
      ...(restore ? { action: { label: t('calendar.toast.undo'), onClick: restore } } : {}),
    });
  };

  const respond = async (response: EventResponse) => {
    if (!event) return;
    let answered: CalendarEvent | null = null;
    const outcome = await action.run(response, async () => {
      answered = (await request(respondEventDocument, { id: event.id, response }, { handledByCaller: true })).respondEvent;
    });
    if (!outcome.ok || !answered) return;
    setLoaded({ kind: 'ready', event: answered });
    onChanged();
  };

  const title = target.kind === 'new' ? t('calendar.dialog.newTitle') : (event?.title ?? entry?.title ?? t('calendar.dialog.eventTitle'));
  const busy = action.pending !== null;
  const footer =
    target.kind === 'new' || event ? (
      <>
        {event && editable && (
          <Button
            variant="danger"
            className={styles.footerStart}
            loading={action.pending === 'delete'}
            disabled={busy}
            onClick={() => void remove()}
          >
            {t('calendar.dialog.delete')}
          </Button>
        )}
        <Button onClick={onClose}>{editable ? t('calendar.dialog.cancel') : t('calendar.dialog.close')}</Button>
        {editable && (
          <Button variant="primary" loading={action.pending === 'save'} disabled={busy} onClick={() => void save()}>
            {target.kind === 'new' ? t('calendar.dialog.create') : t('calendar.dialog.save')}
          </Button>
        )}
      </>
    ) : undefined;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} size="md" footer={footer}>
      {action.error && <Notice tone="error">{action.error}</Notice>}
      {entry && loaded.kind === 'loading' && <Spinner />}
      {entry && loaded.kind === 'failed' && <Notice tone="error">{loaded.message}</Notice>}
      {event && !editable && entry && <EventSummary event={event} entry={entry} />}
      {event && (
        <ResponseButtons
          responses={responsesFor(event, me)}
          myResponse={event.myResponse ?? null}
          pending={action.pending}
          onRespond={(response) => void respond(response)}
        />
      )}
      {event && <MeetingLink event={event} />}
      {editable && form && (
        <form
          onSubmit={(submit) => {
            submit.preventDefault();
            void save();
          }}
          noValidate
        >
          <EventFormFields form={form} onChange={setForm} problems={problems} />
          <button type="submit" hidden />
        </form>
      )}
      {event && event.usersInvited.length > 0 && <EventPeople event={event} />}
    </Dialog>
  );
}
