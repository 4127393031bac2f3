import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../lib/store';
import { Select, TextInput } from '../../ui';
import { spaceListAtom } from '../spaces/atoms';
import { searchTypes, type SearchQuery } from './searchQuery';
import styles from './Search.module.css';

interface SearchFiltersProps {
  query: SearchQuery;
  onChange: (changes: Partial<SearchQuery>) => void;
  /** The range ends before it starts: said under its end. */
  endBeforeStart: boolean;
}

/** The search page's filters: what kind of item, which space, and the days it was made between (both inclusive). */
export function SearchFilters({ query, onChange, endBeforeStart }: SearchFiltersProps) {
  const { t } = useTranslation();
  const spaces = useAtomValue(spaceListAtom);
  // Calendar events are in no space: with Events chosen a space could only empty the list, so none is offered.
  const eventsChosen = query.type === 'event';
  const spaceOptions = [
    { value: '', label: t('search.filters.allSpaces') },
    ...spaces.map((space) => ({ value: space.id, label: space.name })),
    // A space named by the URL before the spaces list arrived (or one left since) keeps its value shown.
    ...(query.space && !spaces.some((space) => space.id === query.space) ? [{ value: query.space, label: t('space.current') }] : []),
  ];
  return (
    <div className={styles.filters}>
      <Select
        className={styles.filter}
        label={t('search.filters.type')}
        value={query.type}
        options={searchTypes.map((type) => ({ value: type, label: t(`search.filters.types.${type}`) }))}
        onChange={(event) => {
          const type = event.target.value as SearchQuery['type'];
          onChange(type === 'event' ? { type, space: '' } : { type });
        }}
      />
      <Select
        className={styles.filter}
        label={t('search.filters.space')}
        value={eventsChosen ? '' : query.space}
        options={spaceOptions}
        disabled={eventsChosen}
        hint={eventsChosen ? t('search.filters.eventsInNoSpace') : undefined}
        onChange={(event) => onChange({ space: event.target.value })}
      />
      <TextInput
        className={styles.filter}
        type="date"
        label={t('search.filters.from')}
        value={query.from}
        max={query.to || undefined}
        onChange={(event) => onChange({ from: event.target.value })}
      />
      <TextInput
        className={styles.filter}
        type="date"
        label={t('search.filters.to')}
        value={query.to}
        min={query.from || undefined}
        error={endBeforeStart ? t('search.filters.endBeforeStart') : undefined}
        onChange={(event) => onChange({ to: event.target.value })}
      />
    </div>
  );
}
