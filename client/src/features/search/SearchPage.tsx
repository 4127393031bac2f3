import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Search, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useNow } from '../../lib/useNow';
import { Button, EmptyState, Notice, Spinner, TextInput } from '../../ui';
import { searchParamsOf, searchQueryFrom, searchRequestOf, appPath, type SearchQuery } from './searchQuery';
import { SearchFilters } from './SearchFilters';
import { SearchResultView } from './SearchResultView';
import { useSearchResults, type SearchState } from './useSearchResults';
import type { SearchResult } from './operations';
import styles from './Search.module.css';

/** How many results the page asks for: getSearch's most. */
export const searchPageSize = 50;
/** Typing updates the URL (and asks the server) once it pauses this long. */
export const typingPauseMs = 300;

const resultSelector = 'a[data-search-result]';

/** Arrows move between results (and from the first back to the box); Enter follows the focused one's link. */
function moveBetweenResults(event: KeyboardEvent<HTMLElement>, input: HTMLInputElement | null) {
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>(resultSelector)];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  const next =
    event.key === 'ArrowDown'
      ? links[at + 1]
      : event.key === 'ArrowUp'
        ? at > 0
          ? links[at - 1]
          : input
        : event.key === 'Home'
          ? links[0]
          : event.key === 'End'
            ? links.at(-1)
            : undefined;
  if (!next) return;
  event.preventDefault();
  next.focus();
}

function Results({ state, query, retry, now }: { state: SearchState; query: SearchQuery; retry: () => void; now: number }) {
  const { t } = useTranslation();
  const input = () => document.querySelector<HTMLInputElement>('[data-search-box]');
  if (state.status === 'idle') {
    return <EmptyState icon={Search} title={t('search.page.idleTitle')} description={t('search.page.idleDescription')} />;
  }
  if (state.status === 'error') {
    return (
      <Notice tone="error" title={t('search.failed')}>
        <p className={styles.errorText}>{state.message}</p>
        <Button size="sm" variant="secondary" onClick={retry}>
          {t('search.tryAgain')}
        </Button>
      </Notice>
    );
  }
  const results: readonly SearchResult[] | null = state.status === 'ready' ? state.results : state.previous;
  if (!results) {
    return (
      <div className={styles.loading}>
        <Spinner size={20} label={t('search.searching')} />
      </div>
    );
  }
  if (results.length === 0 && state.status === 'ready') {
    return (
      <EmptyState icon={SearchX} title={t('search.noResults', { query: query.text.trim() })} description={t('search.page.noResultsHint')} />
    );
  }
  return (
    <ul
      className={styles.results}
      aria-label={t('search.page.results')}
      aria-busy={state.status === 'loading'}
      onKeyDown={(event) => moveBetweenResults(event, input())}
    >
      {results.map((result) => {
        const path = appPath(result.link);
        return (
          <li key={`${result.type}:${result.id}`}>
            {path ? (
              <Link to={path} className={styles.resultLink} data-search-result>
                <SearchResultView result={result} now={now} />
              </Link>
            ) : (
              <SearchResultView result={result} now={now} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The search area: one query across tasks, messages, docs and files, with type, space and date filters. The
 * query lives in the URL, so a reload or a shared link shows the same results.
 */
export default function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = searchQueryFrom(params);
  const now = useNow();
  // What is typed, ahead of the URL until typing pauses; a new query in the URL (the palette, back) replaces it.
  const [draft, setDraft] = useState(query.text);
  const [shownText, setShownText] = useState(query.text);
  if (shownText !== query.text) {
    setShownText(query.text);
    setDraft(query.text);
  }

  const update = (changes: Partial<SearchQuery>) => setParams(searchParamsOf({ ...query, ...changes }), { replace: true });
  const latestUpdate = useRef(update);
  useEffect(() => {
    latestUpdate.current = update;
  });
  useEffect(() => {
    if (draft === shownText) return undefined;
    const timer = setTimeout(() => latestUpdate.current({ text: draft }), typingPauseMs);
    return () => clearTimeout(timer);
  }, [draft, shownText]);

  const asked = searchRequestOf(query, searchPageSize);
  const { state, retry } = useSearchResults('variables' in asked ? asked.variables : null, 0);
  const tooShort = 'problem' in asked && asked.problem === 'tooShort' && query.text.trim() !== '';
  const count = state.status === 'ready' ? state.results.length : null;

  return (
    <div className={styles.page}>
      <form
        role="search"
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          update({ text: draft });
        }}
      >
        <TextInput
          type="search"
          label={t('search.page.label')}
          hideLabel
          placeholder={t('search.page.placeholder')}
          value={draft}
          maxLength={500}
          autoComplete="off"
          data-search-box
          leading={<Search size={15} aria-hidden className={styles.boxIcon} />}
          error={tooShort ? t('search.tooShort') : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowDown') return;
            const first = document.querySelector<HTMLAnchorElement>(resultSelector);
            if (!first) return;
            event.preventDefault();
            first.focus();
          }}
        />
        <SearchFilters query={query} onChange={update} endBeforeStart={'problem' in asked && asked.problem === 'endBeforeStart'} />
      </form>
      <p className="visually-hidden" role="status" aria-live="polite">
        {count === null ? '' : t('search.page.count', { count })}
      </p>
      <Results state={state} query={query} retry={retry} now={now} />
    </div>
  );
}
