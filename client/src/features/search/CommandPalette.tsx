import { useRef, useState } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { Command } from 'cmdk';
import { FilePlus, Moon, Search, SquarePlus, Sun, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { validateSearchText } from '#shared/search';
import { isProjectId } from '../../app/routeRules';
import { darkModeEnabledAtom, setDarkMode } from '../../app/theme';
import { useNow } from '../../lib/useNow';
import { useAtom, useAtomValue, useStore } from '../../lib/store';
import { Avatar, focusIfPresent, focusIsLost, mainHeading, Spinner, useDialogFocusReturn } from '../../ui';
import { currentTeamAtom } from '../auth/session';
import { createDoc } from '../docs/docsActions';
import { docPagePath } from '../docs/paths';
import { spaceListAtom } from '../spaces/atoms';
import { SpaceIcon } from '../spaces/SpaceIcon';
import { teamsAtom } from '../teams/atoms';
import { switchToTeam } from '../teams/teamData';
import { commandPaletteOpenAtom } from './atoms';
import { focusWhenShown, matchesTyped, searchPagePath } from './paletteActions';
import type { SearchResult } from './operations';
import { appPath } from './searchQuery';
import { SearchResultView } from './SearchResultView';
import { useSearchResults } from './useSearchResults';
import styles from './Palette.module.css';

/** The palette shows this many results: the rest are one Enter away on the search page. */
export const paletteResultCount = 8;
/** The palette asks the server once typing pauses this long. */
export const paletteTypingPauseMs = 250;

const noResults: readonly SearchResult[] = [];

type Step = { kind: 'root' } | { kind: 'pickSpace'; purpose: 'task' | 'doc' };

interface PaletteBodyProps {
  scope: string;
  /** Closes the palette; `leaving`: the action moves to another page, whose heading (or item) takes focus instead of the opener. */
  close: (leaving: boolean) => void;
}

function PaletteBody({ scope, close }: PaletteBodyProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const store = useStore();
  const now = useNow();
  const spaces = useAtomValue(spaceListAtom);
  const teams = useAtomValue(teamsAtom);
  const team = useAtomValue(currentTeamAtom);
  const darkMode = useAtomValue(darkModeEnabledAtom);
  const [text, setText] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'root' });
  const [selected, setSelected] = useState('');
  const typed = validateSearchText(text);
  const { state } = useSearchResults(
    step.kind === 'root' && typed.ok ? { text: typed.text, first: paletteResultCount } : null,
    paletteTypingPauseMs,
  );
  const results = state.status === 'ready' ? state.results : state.status === 'loading' ? (state.previous ?? noResults) : noResults;

  const go = (path: string) => {
    close(true);
    void navigate(path);
  };
  const newTask = (space: string) => {
    go(`/${space}/tasks`);
    focusWhenShown('[data-new-task]');
  };
  const newDoc = async (space: string) => {
    close(true);
    const wall = await createDoc(store, space, null, t('docs.untitled'));
    if (wall) void navigate(docPagePath(space, wall));
  };
  const startInSpace = (purpose: 'task' | 'doc') => {
    if (isProjectId(scope)) return purpose === 'task' ? newTask(scope) : void newDoc(scope);
    setStep({ kind: 'pickSpace', purpose });
    setText('');
  };

  const visibleSpaces = spaces.filter((space) => matchesTyped(text, space.name));
  const otherTeams = (teams ?? []).filter(
    (known) => known.id !== team?.id && matchesTyped(text, known.name, [t('search.palette.switchTeam')]),
  );
  const actions = [
    { value: 'action:newTask', label: t('search.palette.newTask'), icon: SquarePlus, run: () => startInSpace('task') },
    { value: 'action:newDoc', label: t('search.palette.newDoc'), icon: FilePlus, run: () => startInSpace('doc') },
    {
      value: 'action:theme',
      label: darkMode ? t('search.palette.lightMode') : t('search.palette.darkMode'),
      icon: darkMode ? Sun : Moon,
      run: () => {
        setDarkMode(!darkMode, store);
        close(false);
      },
    },
  ].filter((action) => matchesTyped(text, action.label));

  // New results put the selection on the best one, so Enter opens it, unless what was typed names an action (listed first).
  const [shownResults, setShownResults] = useState(results);
  if (shownResults !== results) {
    setShownResults(results);
    if (results[0] && state.status === 'ready' && (actions.length === 0 || text.trim() === '')) {
      setSelected(`result:${results[0].type}:${results[0].id}`);
    }
  }

  return (
    <Command
      label={step.kind === 'root' ? t('search.palette.label') : t('search.palette.pickSpace')}
      shouldFilter={false}
      loop
      vimBindings={false}
      value={selected}
      onValueChange={setSelected}
      className={styles.command}
    >
      <div className={styles.inputRow}>
        <Search size={16} aria-hidden className={styles.inputIcon} />
        <Command.Input
          className={styles.input}
          value={text}
          onValueChange={setText}
          maxLength={500}
          placeholder={step.kind === 'root' ? t('search.palette.placeholder') : t('search.palette.pickSpace')}
          onKeyDown={(event) => {
            if (event.key === 'Backspace' && text === '' && step.kind !== 'root') setStep({ kind: 'root' });
          }}
        />
        <kbd className={styles.escape}>Esc</kbd>
      </div>
      <div className={styles.status} role="status" aria-live="polite">
        {step.kind === 'root' && typed.ok && state.status === 'loading' && <Spinner size={14} label={t('search.searching')} />}
        {step.kind === 'root' &&
          typed.ok &&
          state.status === 'ready' &&
          results.length === 0 &&
          t('search.noResults', { query: typed.text })}
        {step.kind === 'root' && state.status === 'error' && state.message}
      </div>
      <Command.List className={styles.list} label={t('search.palette.label')}>
        {step.kind === 'pickSpace' ? (
          <Command.Group heading={step.purpose === 'task' ? t('search.palette.newTaskIn') : t('search.palette.newDocIn')}>
            {visibleSpaces.map((space) => (
              <Command.Item
                key={space.id}
                value={`space:${space.id}`}
                className={styles.item}
                onSelect={() => (step.purpose === 'task' ? newTask(space.id) : void newDoc(space.id))}
              >
                <SpaceIcon space={space} size={18} />
                <span className={styles.label}>{space.name}</span>
              </Command.Item>
            ))}
          </Command.Group>
        ) : (
          <>
            {actions.length > 0 && (
              <Command.Group heading={t('search.palette.actions')}>
                {actions.map(({ value, label, icon: Icon, run }) => (
                  <Command.Item key={value} value={value} className={styles.item} onSelect={run}>
                    <Icon size={16} aria-hidden className={styles.icon} />
                    <span className={styles.label}>{label}</span>
                  </Command.Item>
                ))}
              </Command.Group>
            )}
            <Command.Group heading={results.length > 0 ? t('search.palette.results') : t('nav.search')}>
              {results.map((result) => {
                const path = appPath(result.link);
                return (
                  <Command.Item
                    key={`${result.type}:${result.id}`}
                    value={`result:${result.type}:${result.id}`}
                    className={styles.item}
                    disabled={!path}
                    onSelect={() => path && go(path)}
                  >
                    <SearchResultView result={result} now={now} compact />
                  </Command.Item>
                );
              })}
              <Command.Item value="action:search" className={styles.item} onSelect={() => go(searchPagePath(scope, text))}>
                <Search size={16} aria-hidden className={styles.icon} />
                <span className={styles.label}>
                  {text.trim() ? t('search.palette.searchFor', { query: text.trim() }) : t('search.palette.openSearch')}
                </span>
              </Command.Item>
            </Command.Group>
            {visibleSpaces.length > 0 && (
              <Command.Group heading={t('search.palette.spaces')}>
                {visibleSpaces.map((space) => (
                  <Command.Item key={space.id} value={`go:${space.id}`} className={styles.item} onSelect={() => go(`/${space.id}`)}>
                    <SpaceIcon space={space} size={18} />
                    <span className={styles.label}>{t('search.palette.goTo', { name: space.name })}</span>
                  </Command.Item>
                ))}
              </Command.Group>
            )}
            {otherTeams.length > 0 && (
              <Command.Group heading={t('search.palette.teams')}>
                {otherTeams.map((other) => (
                  <Command.Item
                    key={other.id}
                    value={`team:${other.id}`}
                    className={styles.item}
                    onSelect={() => {
                      close(true);
                      void switchToTeam(other.id, store).catch(() => undefined);
                    }}
                  >
                    {other.logo ? (
                      <Avatar name={other.name} src={other.logo} colorKey={other.id} size={18} shape="square" />
                    ) : (
                      <Users size={16} aria-hidden className={styles.icon} />
                    )}
                    <span className={styles.label}>{t('search.palette.switchTo', { name: other.name })}</span>
                  </Command.Item>
                ))}
              </Command.Group>
            )}
          </>
        )}
      </Command.List>
    </Command>
  );
}

/**
 * The command palette (Ctrl/Cmd+K anywhere in the signed-in app): searches as you type and runs actions (new
 * task, new doc, go to a space, switch team, dark mode, the search page). Escape closes it and focus goes back
 * where it was; an action that changes the page leaves focus to that page.
 */
export function CommandPalette({ scope }: { scope: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useAtom(commandPaletteOpenAtom);
  const focusReturn = useDialogFocusReturn();
  const leaving = useRef(false);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.palette}
          data-command-palette
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            leaving.current = false;
            focusReturn.remember();
          }}
          onCloseAutoFocus={(event) => {
            if (!leaving.current) return focusReturn.restore(event);
            event.preventDefault();
            if (focusIsLost()) focusIfPresent(mainHeading());
          }}
        >
          <RadixDialog.Title className="visually-hidden">{t('search.palette.title')}</RadixDialog.Title>
          <PaletteBody
            scope={scope}
            close={(leavingPage) => {
              leaving.current = leavingPage;
              setOpen(false);
            }}
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
