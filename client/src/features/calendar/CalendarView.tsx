import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import type { DateSelectArg, DatesSetArg, EventClickArg, EventDropArg, EventMountArg } from '@fullcalendar/core';
import deLocale from '@fullcalendar/core/locales/de';
import esLocale from '@fullcalendar/core/locales/es';
import frLocale from '@fullcalendar/core/locales/fr';
import itLocale from '@fullcalendar/core/locales/it';
import ptLocale from '@fullcalendar/core/locales/pt';
import { ChevronLeft, ChevronRight, Plus, RefreshCw } from 'lucide-react';
import { request } from '../../lib/graphql';
import { isSingleCharacterKey, useSingleKeyShortcuts } from '../../lib/shortcutPreference';
import { Button, Notice, Spinner, showToast } from '../../ui';
import { useNarrowScreen } from '../tasks/useNarrowScreen';
import {
  defaultViewFor,
  entryToGridEvent,
  isOccurrence,
  isTypingTarget,
  movedTimes,
  newEventForm,
  scopeVariables,
  shiftedOccurrence,
  shortcutFor,
  taskPath,
  taskToGridEvent,
  viewKeyOf,
  viewKeys,
  viewNames,
  type CalendarViewKey,
  type GridEvent,
} from './calendarModel';
import { EventDialog, type DialogTarget } from './EventDialog';
import { ediEventDocument, type CalendarEntry } from './operations';
import { useLinkedEvent } from './linkedEvent';
import { useScopeQuestion } from './ScopeDialog';
import { useCalendarData, type VisibleRange } from './useCalendarData';
import styles from './Calendar.module.css';

const locales = [deLocale, esLocale, frLocale, itLocale, ptLocale];

type ChangeArg = EventDropArg | EventResizeDoneArg;

/**
 * The calendar (SPEC §2 calendar and events): month, week, day and agenda views over FullCalendar, events and task
 * deadlines of the visible range, drag to create, move and resize, the event dialog, live changes.
 */
export function CalendarView() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { project, id2: linkedEventId } = useParams();
  const narrow = useNarrowScreen();
  const singleKeys = useSingleKeyShortcuts();
  const calendarRef = useRef<FullCalendar>(null);
  const [range, setRange] = useState<VisibleRange | null>(null);
  const [title, setTitle] = useState('');
  const [view, setView] = useState<CalendarViewKey>(() => defaultViewFor(narrow));
  const [dialog, setDialog] = useState<DialogTarget | null>(null);
  const { data, retry, refresh, heard } = useCalendarData(range);
  const scope = useScopeQuestion();

  const api = () => calendarRef.current?.getApi();
  useLinkedEvent(
    linkedEventId,
    (entry) => {
      api()?.gotoDate(new Date(entry.start));
      setDialog({ kind: 'entry', entry });
    },
    t('calendar.dialog.gone'),
  );
  const closeDialog = () => {
    setDialog(null);
    // A link's event closed: back to the calendar's own address, so a reload does not open it again.
    if (linkedEventId) void navigate(`/${project ?? 'overview'}/calendar`, { replace: true });
  };
  const gridRef = useRef<HTMLDivElement>(null);

  // The grid scrolls in this container rather than in FullCalendar's own scrollers (those sit inside its grid table,
  // where a focusable element is not allowed): the container takes focus so the keyboard scrolls it (WCAG 2.1.1).
  // A day or week opens at 8:00, as FullCalendar's scrollTime would.
  const rangeStart = range?.start.getTime();
  useEffect(() => {
    const container = gridRef.current;
    const morning = container?.querySelector<HTMLElement>('td.fc-timegrid-slot-lane[data-time="08:00:00"]');
    if (!container) return;
    container.scrollTop = morning
      ? morning.getBoundingClientRect().top - container.getBoundingClientRect().top + container.scrollTop - 40
      : 0;
  }, [view, rangeStart]);

  const events = useMemo<GridEvent[]>(
    () => (data.kind === 'ready' ? [...data.entries.map(entryToGridEvent), ...data.tasks.map(taskToGridEvent)] : []),
    [data],
  );

  const onDatesSet = useCallback((arg: DatesSetArg) => {
    setTitle(arg.view.title);
    setView(viewKeyOf(arg.view.type));
    setRange((current) =>
      current && current.start.getTime() === arg.start.getTime() && current.end.getTime() === arg.end.getTime()
        ? current
        : { start: arg.start, end: arg.end },
    );
  }, []);

  const changeView = (key: CalendarViewKey) => api()?.changeView(viewNames[key]);
  const newEvent = () => setDialog({ kind: 'new', form: newEventForm() });

  // Keyboard: t today, m/w/d/a views, n new event, arrows and PageUp/PageDown to move (never while typing or in a dialog).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || event.isComposing) return;
      if (isTypingTarget(event.target) || document.querySelector('[role="dialog"], [role="menu"]')) return;
      if (isSingleCharacterKey(event.key) && !singleKeys) return;
      // Arrows belong to the focused control (a button row, a link), except on the page itself or the grid.
      const arrow = event.key === 'ArrowLeft' || event.key === 'ArrowRight';
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (arrow && target && target !== document.body && !target.closest('[data-calendar-grid]')) return;
      const action = shortcutFor(event.key);
      if (!action) return;
      event.preventDefault();
      const calendar = api();
      if (action.kind === 'view') calendar?.changeView(viewNames[action.view]);
      else if (action.kind === 'today') calendar?.today();
      else if (action.kind === 'prev') calendar?.prev();
      else if (action.kind === 'next') calendar?.next();
      else setDialog({ kind: 'new', form: newEventForm() });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [singleKeys]);

  const onSelect = (arg: DateSelectArg) => {
    api()?.unselect();
    setDialog({ kind: 'new', form: newEventForm({ start: arg.start, end: arg.end, allDay: arg.allDay }) });
  };

  const onEventClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    const props = arg.event.extendedProps as GridEvent['extendedProps'];
    if (props.kind === 'task') void navigate(taskPath(props.task));
    else setDialog({ kind: 'entry', entry: props.entry });
  };

  /** A drag or resize: asks the scope of a series' occurrence, sends it, and offers Undo (puts the old times back). */
  const onEventChange = async (arg: ChangeArg) => {
    const props = arg.event.extendedProps as GridEvent['extendedProps'];
    if (props.kind !== 'entry' || !arg.event.start) return arg.revert();
    const entry: CalendarEntry = props.entry;
    const chosen = isOccurrence(entry) ? await scope.ask('move') : null;
    if (isOccurrence(entry) && !chosen) return arg.revert();
    const moved = movedTimes(arg.event.start, arg.event.end, arg.event.allDay);
    const before = movedTimes(arg.oldEvent.start ?? arg.event.start, arg.oldEvent.end, arg.oldEvent.allDay);
    try {
      // An occurrence's new times; with "all events" the server moves the whole series by as much.
      await request(ediEventDocument, { id: entry.event, ...scopeVariables(entry, chosen), ...moved });
      refresh();
      // "This and following" split the series into a new event: moving back is a new edit there, not an undo here.
      const undoScope =
        chosen === 'all' && entry.occurrence
          ? { scope: chosen, occurrence: shiftedOccurrence(entry.occurrence, before.startDate, moved.startDate) }
          : scopeVariables(entry, chosen);
      const undo =
        chosen === 'following'
          ? undefined
          : () => void request(ediEventDocument, { id: entry.event, ...undoScope, ...before }).then(refresh);
      // A resize keeps the start and says the new end; a drag says the event moved.
      const resizedEnd = 'endDelta' in arg && arg.event.end && !arg.event.allDay ? arg.event.end : null;
      showToast({
        message: resizedEnd
          ? t('calendar.toast.resized', {
              title: entry.title,
              time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(resizedEnd),
            })
          : t('calendar.toast.moved', { title: entry.title }),
        icon: 'success',
        ...(undo ? { action: { label: t('calendar.toast.undo'), onClick: undo } } : {}),
      });
    } catch {
      // The data client has shown why; the entry goes back where it was.
      arg.revert();
    }
  };

  const onEventDidMount = (arg: EventMountArg) => {
    const props = arg.event.extendedProps as GridEvent['extendedProps'];
    const label = props.kind === 'task' ? t('calendar.task.label', { name: props.task.name, space: props.task.projectTitle }) : undefined;
    if (label) arg.el.setAttribute('aria-label', label);
  };

  const locale = i18n.language.split('-')[0] ?? 'en';

  return (
    <div className={styles.page}>
      <header className={styles.toolbar}>
        <h1 className={styles.pageTitle} tabIndex={-1}>
          {t('areas.calendar.title')}
        </h1>
        <div className={styles.navigation}>
          <Button size="sm" onClick={() => api()?.today()} aria-keyshortcuts="t">
            {t('calendar.toolbar.today')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            iconOnly
            icon={<ChevronLeft size={16} aria-hidden />}
            aria-label={t('calendar.toolbar.previous')}
            onClick={() => api()?.prev()}
          />
          <Button
            size="sm"
            variant="ghost"
            iconOnly
            icon={<ChevronRight size={16} aria-hidden />}
            aria-label={t('calendar.toolbar.next')}
            onClick={() => api()?.next()}
          />
          <h2 className={styles.rangeTitle} aria-live="polite">
            {title}
          </h2>
        </div>
        <div className={styles.views} role="group" aria-label={t('calendar.toolbar.views')}>
          {viewKeys.map((key) => (
            <button
              key={key}
              type="button"
              className={styles.viewButton}
              aria-pressed={view === key}
              aria-keyshortcuts={key[0]}
              onClick={() => changeView(key)}
            >
              {t(`calendar.views.${key}`)}
            </button>
          ))}
        </div>
        <div className={styles.actions}>
          <Link className={styles.syncLink} to={`/${project ?? 'overview'}/calendar/sync`}>
            <RefreshCw size={14} aria-hidden />
            {t('calendar.sync.link')}
          </Link>
          <Button size="sm" variant="primary" icon={<Plus size={16} aria-hidden />} onClick={newEvent} aria-keyshortcuts="n">
            {t('calendar.toolbar.new')}
          </Button>
        </div>
      </header>
      {data.kind === 'failed' && (
        <Notice tone="error" title={t('calendar.loadFailed')}>
          <Button size="sm" onClick={retry}>
            {t('calendar.retry')}
          </Button>
        </Notice>
      )}
      {data.kind === 'ready' && data.entries.length === 0 && data.tasks.length === 0 && view !== 'agenda' && (
        <p className={styles.emptyHint} role="status">
          {t('calendar.empty')}
        </p>
      )}
      <div
        ref={gridRef}
        className={styles.grid}
        data-calendar-grid
        role="region"
        aria-label={title}
        tabIndex={0}
        aria-busy={data.kind === 'loading'}
      >
        {data.kind === 'loading' && (
          <div className={styles.loading}>
            <Spinner />
          </div>
        )}
        <FullCalendar
          ref={calendarRef}
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          initialView={viewNames[defaultViewFor(narrow)]}
          headerToolbar={false}
          locales={locales}
          locale={locale}
          height="auto"
          stickyHeaderDates
          events={events}
          datesSet={onDatesSet}
          selectable
          selectMirror
          editable
          eventInteractive
          nowIndicator
          dayMaxEvents
          noEventsText={t('calendar.empty')}
          select={onSelect}
          eventClick={onEventClick}
          eventDrop={(arg) => void onEventChange(arg)}
          eventResize={(arg) => void onEventChange(arg)}
          eventDidMount={onEventDidMount}
        />
      </div>
      {dialog && <EventDialog target={dialog} onClose={closeDialog} onChanged={refresh} askScope={scope.ask} heard={heard} />}
      {scope.dialog}
    </div>
  );
}
