import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { useAtomValue, useStore } from '../../lib/store';
import { Avatar, Button, Select, Switch, TextArea, TextInput } from '../../ui';
import { currentUserAtom } from '../auth/session';
import { teamPeopleAtom } from '../teams/atoms';
import { loadTeamPeople } from '../teams/teamData';
import { isEmail, recurrenceKeys, type EventForm, type FormProblem } from './calendarModel';
import styles from './Calendar.module.css';

export type FieldProblems = Partial<Record<'title' | 'end' | 'until' | 'guests', FormProblem>>;

interface Props {
  form: EventForm;
  onChange: (form: EventForm) => void;
  problems: FieldProblems;
}

function teamName(person: { firstname: string | null; lastname: string | null; email: string }): string {
  return [person.firstname, person.lastname].filter(Boolean).join(' ') || person.email;
}

/** The members to invite: the team's people (getUsers, as the other pickers read them) but the caller, with a filter. */
function InvitePicker({ invited, onChange }: { invited: readonly string[]; onChange: (invited: string[]) => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const people = useAtomValue(teamPeopleAtom);
  const me = useAtomValue(currentUserAtom)?.id;
  const [filter, setFilter] = useState('');
  useEffect(() => {
    if (people === null) void loadTeamPeople(store).catch(() => undefined);
  }, [people, store]);
  const others = (people ?? []).filter((person) => person.id !== me);
  const needle = filter.trim().toLowerCase();
  const shown = needle ? others.filter((person) => `${teamName(person)} ${person.email}`.toLowerCase().includes(needle)) : others;
  const toggle = (id: string, on: boolean) => onChange(on ? [...invited, id] : invited.filter((other) => other !== id));
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('calendar.form.members')}</legend>
      {others.length > 6 && (
        <TextInput
          label={t('calendar.form.filterMembers')}
          hideLabel
          placeholder={t('calendar.form.filterMembers')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      )}
      {people === null ? (
        <p className={styles.muted}>{t('calendar.loading')}</p>
      ) : others.length === 0 ? (
        <p className={styles.muted}>{t('calendar.form.noMembers')}</p>
      ) : (
        <ul className={styles.memberList}>
          {shown.map((person) => (
            <li key={person.id}>
              <label className={styles.memberRow}>
                <input
                  type="checkbox"
                  checked={invited.includes(person.id)}
                  onChange={(event) => toggle(person.id, event.target.checked)}
                />
                <span aria-hidden>
                  <Avatar name={teamName(person)} src={person.profileImg} colorKey={person.id} size={20} />
                </span>
                <span>{teamName(person)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** Guests by e-mail: typed one at a time (Enter or Add), each removable. */
function GuestField({
  guests,
  onChange,
  problem,
}: {
  guests: readonly string[];
  onChange: (guests: string[]) => void;
  problem?: FormProblem | undefined;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | undefined>();
  const add = () => {
    const email = draft.trim();
    if (!email) return;
    if (!isEmail(email)) {
      setDraftError(t('calendar.form.problems.guestInvalid'));
      return;
    }
    if (!guests.includes(email)) onChange([...guests, email]);
    setDraft('');
    setDraftError(undefined);
  };
  return (
    <div className={styles.fieldset}>
      <div className={styles.guestRow}>
        <TextInput
          label={t('calendar.form.guests')}
          type="email"
          placeholder={t('calendar.form.guestPlaceholder')}
          value={draft}
          error={draftError ?? (problem ? t(`calendar.form.problems.${problem}`) : undefined)}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button size="md" onClick={add}>
          {t('calendar.form.addGuest')}
        </Button>
      </div>
      {guests.length > 0 && (
        <ul className={styles.chips} aria-label={t('calendar.form.guests')}>
          {guests.map((guest) => (
            <li key={guest} className={styles.chip}>
              <span>{guest}</span>
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={t('calendar.form.removeGuest', { email: guest })}
                onClick={() => onChange(guests.filter((other) => other !== guest))}
              >
                <X size={12} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The event form's fields (SPEC §5: title, description, start, end, type and recurrence are required on write). */
export function EventFormFields({ form, onChange, problems }: Props) {
  const { t } = useTranslation();
  const set = <Key extends keyof EventForm>(key: Key, value: EventForm[Key]) => onChange({ ...form, [key]: value });
  const problemText = (problem: FormProblem | undefined) => (problem ? t(`calendar.form.problems.${problem}`) : undefined);
  const switchAllDay = (allDay: boolean) =>
    onChange({
      ...form,
      allDay,
      start: allDay ? form.start.slice(0, 10) : `${form.start.slice(0, 10)}T09:00`,
      end: allDay ? form.end.slice(0, 10) : `${form.end.slice(0, 10)}T10:00`,
    });
  const recurrenceOptions = [
    ...recurrenceKeys.map((key) => ({ value: key, label: t(`calendar.recurrence.${key}`) })),
    ...(form.recurring === 'custom' ? [{ value: 'custom', label: t('calendar.recurrence.custom') }] : []),
  ];
  return (
    <div className={styles.form}>
      <TextInput
        label={t('calendar.form.title')}
        value={form.title}
        error={problemText(problems.title)}
        onChange={(event) => set('title', event.target.value)}
        data-autofocus
        required
      />
      <div className={styles.formRow}>
        <TextInput
          label={t('calendar.form.start')}
          type={form.allDay ? 'date' : 'datetime-local'}
          value={form.start}
          onChange={(event) => set('start', event.target.value)}
          required
        />
        <TextInput
          label={t('calendar.form.end')}
          type={form.allDay ? 'date' : 'datetime-local'}
          value={form.end}
          error={problemText(problems.end)}
          onChange={(event) => set('end', event.target.value)}
          required
        />
      </div>
      <Switch label={t('calendar.form.allDay')} checked={form.allDay} onChange={switchAllDay} />
      <div className={styles.formRow}>
        <Select
          label={t('calendar.form.type')}
          value={form.type}
          options={[
            { value: 'event', label: t('calendar.types.event') },
            { value: 'meeting', label: t('calendar.types.meeting') },
          ]}
          onChange={(event) => set('type', event.target.value === 'meeting' ? 'meeting' : 'event')}
        />
        <Select
          label={t('calendar.form.recurrence')}
          value={form.recurring}
          options={recurrenceOptions}
          onChange={(event) => set('recurring', event.target.value as EventForm['recurring'])}
        />
      </div>
      {form.recurring !== 'none' && (
        <TextInput
          label={t('calendar.form.until')}
          type="date"
          value={form.until}
          hint={t('calendar.form.untilHint')}
          error={problemText(problems.until)}
          onChange={(event) => set('until', event.target.value)}
        />
      )}
      <TextInput label={t('calendar.form.location')} value={form.location} onChange={(event) => set('location', event.target.value)} />
      <TextArea
        label={t('calendar.form.description')}
        value={form.description}
        rows={3}
        onChange={(event) => set('description', event.target.value)}
      />
      <InvitePicker invited={form.invited} onChange={(invited) => set('invited', invited)} />
      <GuestField guests={form.guests} onChange={(guests) => set('guests', guests)} problem={problems.guests} />
    </div>
  );
}
