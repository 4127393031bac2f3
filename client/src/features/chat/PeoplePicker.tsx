import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useStore } from '../../lib/store';
import { Avatar, Button, Notice, Spinner, TextInput } from '../../ui';
import { teamPeopleAtom } from '../teams/atoms';
import { loadTeamPeople } from '../teams/teamData';
import { searchable } from './composerText';
import { personName } from './format';
import { useKeptLoading } from './listLoading';
import styles from './Chat.module.css';

export interface PeoplePickerProps {
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  /** People who cannot be picked (already in the chat). */
  exclude?: readonly string[];
}

/** Team members as a searchable checkbox list. */
export function PeoplePicker({ selected, onChange, exclude = [] }: PeoplePickerProps) {
  const { t } = useTranslation();
  const store = useStore();
  const people = useAtomValue(teamPeopleAtom);
  const [search, setSearch] = useState('');

  const { failed, retry } = useKeptLoading(() => loadTeamPeople(store), people === null);

  if (people === null) {
    if (!failed) return <Spinner size={18} label={t('chat.newChat.loadingPeople')} />;
    return (
      <Notice tone="error" title={t('chat.newChat.peopleFailed')}>
        <Button size="sm" onClick={retry}>
          {t('chat.conversation.retry')}
        </Button>
      </Notice>
    );
  }
  const wanted = searchable(search.trim());
  const candidates = people
    .filter((person) => !person.isAuth && !exclude.includes(person.id))
    .map((person) => ({ ...person, name: personName(person, person.email) }))
    .filter((person) => !wanted || searchable(`${person.name} ${person.email}`).includes(wanted));

  return (
    <div className={styles.picker}>
      <TextInput label={t('chat.newChat.search')} value={search} onChange={(event) => setSearch(event.target.value)} data-autofocus />
      {candidates.length === 0 ? (
        <p className={styles.pickerEmpty}>{t('chat.newChat.noPeople')}</p>
      ) : (
        <ul className={styles.pickerList} aria-label={t('chat.newChat.people')}>
          {candidates.map((person) => (
            <li key={person.id}>
              <label className={styles.pickerItem}>
                <input
                  type="checkbox"
                  checked={selected.includes(person.id)}
                  onChange={(event) =>
                    onChange(event.target.checked ? [...selected, person.id] : selected.filter((id) => id !== person.id))
                  }
                />
                <span aria-hidden>
                  <Avatar name={person.name} src={person.profileImg} colorKey={person.id} size={24} />
                </span>
                <span>{person.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
