import { CalendarDays, FileText, MessageSquare, Paperclip, Search, SquareCheckBig, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatRelativeTime } from '#shared/time';
import { Avatar, initialsOf } from '../../ui';
import { initialsSquareStyle } from '../../ui/contrast';
import type { SearchResult, TextRange } from './operations';
import { highlightPieces } from './searchQuery';
import styles from './Search.module.css';

const typeIcons: Record<string, LucideIcon> = {
  task: SquareCheckBig,
  message: MessageSquare,
  doc: FileText,
  file: Paperclip,
  event: CalendarDays,
};

/** A text with its matched ranges in <mark>: built as elements, never as HTML, so a result's text cannot inject markup. */
export function Highlighted({ text, ranges }: { text: string; ranges: readonly TextRange[] }) {
  return (
    <>
      {highlightPieces(text, ranges).map((piece, index) =>
        piece.marked ? (
          <mark key={index} className={styles.mark}>
            {piece.text}
          </mark>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}

/** The space a result belongs to, as its logo or initial on its colour; a private chat's message or an event shows its type's icon. */
function ResultIcon({ result, size }: { result: SearchResult; size: number }) {
  const name = result.projectTitle ?? result.title;
  const logo = result.projectLogo ?? result.logo;
  const color = result.projectColor ?? result.color;
  if (!result.project) {
    const Icon = typeIcons[result.type] ?? Search;
    return (
      <span className={styles.typeIcon} style={{ width: size, height: size }} aria-hidden>
        <Icon size={Math.round(size * 0.6)} />
      </span>
    );
  }
  if (logo) return <Avatar name={name} src={logo} colorKey={result.project} size={size} shape="square" />;
  return (
    <span className={styles.spaceInitial} style={initialsSquareStyle(size, color)} aria-hidden>
      {initialsOf(name).slice(0, 1)}
    </span>
  );
}

/** One result's content: its space, title and snippet with the matches marked, what it is and when it was made. */
export function SearchResultView({ result, now, compact = false }: { result: SearchResult; now: number; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const TypeIcon = typeIcons[result.type] ?? Search;
  const created = Date.parse(result.createdAt);
  return (
    <span className={compact ? styles.resultCompact : styles.result}>
      <ResultIcon result={result} size={compact ? 20 : 28} />
      <span className={styles.resultBody}>
        <span className={styles.resultTitle}>
          {result.emoji && <span aria-hidden>{result.emoji} </span>}
          <Highlighted text={result.title} ranges={result.titleHighlights} />
        </span>
        {result.description && (
          <span className={styles.snippet}>
            <Highlighted text={result.description} ranges={result.highlights} />
          </span>
        )}
        <span className={styles.meta}>
          <TypeIcon size={12} aria-hidden />
          <span>{t(`search.types.${result.type}`, { defaultValue: result.type })}</span>
          {result.projectTitle && (
            <>
              <span aria-hidden>·</span>
              <span className={styles.metaSpace}>{result.projectTitle}</span>
            </>
          )}
          {!Number.isNaN(created) && (
            <>
              <span aria-hidden>·</span>
              <time dateTime={result.createdAt}>{formatRelativeTime(created, now, i18n.language, t('search.justNow'))}</time>
            </>
          )}
        </span>
      </span>
    </span>
  );
}
