import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ArrowDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '../../ui';
import { formatDay } from './format';
import { MessageItem, type MessageActions } from './MessageItem';
import { buildRows } from './messages';
import { aroundAnchor, expandDown, expandUp, tailAnchor, windowRange, type WindowAnchor } from './messageWindow';
import type { Message } from './operations';
import styles from './Chat.module.css';

export interface MessageListProps extends MessageActions {
  messages: readonly Message[];
  dividerId: string | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  me: string | null;
  editingId: string | null;
  /** Unsent messages, shown after the newest. */
  pending: ReactNode;
  label: string;
  /** Changes when the user sends: the list jumps to the newest. */
  bottomSignal: number;
  /** A message a link points at (`?message=`): once it is loaded, the list shows it, centred and marked. */
  focusId?: string | null;
  /** Shown at the beginning of the conversation, once no older page is left (history the plan hides). */
  beginningNotice?: ReactNode;
}

/** Distance from an edge, in pixels, at which the next window step or page loads. */
const edgePx = 200;

interface ScrollAnchor {
  id: string;
  top: number;
}

/** The first row visible at the top of the scroller and where it sits, to put it back there after rows change above it. */
function captureAnchor(scroller: HTMLElement): ScrollAnchor | null {
  const top = scroller.getBoundingClientRect().top;
  for (const row of scroller.querySelectorAll<HTMLElement>('[data-row]')) {
    const rect = row.getBoundingClientRect();
    if (rect.bottom > top) return { id: row.dataset.row ?? '', top: rect.top - top };
  }
  return null;
}

/**
 * The messages, newest at the bottom, in a bounded window (see messageWindow.ts). Scrolling up
 * renders older loaded messages, then loads older pages; whatever changes above, the first
 * visible row is put back where it was, so the view never jumps. At the bottom it follows new messages.
 */
export function MessageList({
  messages,
  dividerId,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  me,
  editingId,
  pending,
  label,
  bottomSignal,
  focusId = null,
  beginningNotice = null,
  ...actions
}: MessageListProps) {
  const { t, i18n } = useTranslation();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const atBottomRef = useRef(true);
  const [atBottom, setAtBottom] = useState(true);
  const [anchor, setAnchor] = useState<WindowAnchor>(tailAnchor);
  const ids = useMemo(() => messages.map((message) => message.id), [messages]);
  const range = windowRange(ids, anchor);
  const rows = useMemo(() => buildRows(messages.slice(range.start, range.end), dividerId), [messages, range.start, range.end, dividerId]);

  // Read in render on purpose: the DOM still shows the previous rows, which is what the anchor must describe (what
  // getSnapshotBeforeUpdate does for a class); no effect runs before the new rows reach the DOM.
  const scrollAnchorRef = useRef<ScrollAnchor | null>(null);
  const renderedRowsRef = useRef(rows);
  /* eslint-disable react-hooks/refs -- the DOM before this render's commit is what is read, and nothing rendered depends on it */
  if (renderedRowsRef.current !== rows && scrollerRef.current && !atBottomRef.current)
    scrollAnchorRef.current = captureAnchor(scrollerRef.current);
  renderedRowsRef.current = rows;
  /* eslint-enable react-hooks/refs */

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    if (atBottomRef.current) {
      scroller.scrollTop = scroller.scrollHeight;
      return;
    }
    const saved = scrollAnchorRef.current;
    scrollAnchorRef.current = null;
    const row = saved && [...scroller.querySelectorAll<HTMLElement>('[data-row]')].find((element) => element.dataset.row === saved.id);
    if (saved && row) scroller.scrollTop += row.getBoundingClientRect().top - scroller.getBoundingClientRect().top - saved.top;
  }, [rows, pending]);

  // A linked message, once loaded: the window moves around it, then (after those rows are drawn) it is scrolled to.
  const [focused, setFocused] = useState<{ id: string; scrolled: boolean } | null>(null);
  if (focusId && focused?.id !== focusId && ids.includes(focusId)) {
    setAtBottom(false);
    setAnchor(aroundAnchor(ids, focusId));
    setFocused({ id: focusId, scrolled: false });
  }
  useLayoutEffect(() => {
    if (!focused || focused.scrolled) return;
    const row = scrollerRef.current?.querySelector<HTMLElement>(`[data-row="${CSS.escape(focused.id)}"]`);
    if (!row) return;
    atBottomRef.current = false;
    row.scrollIntoView({ block: 'center' });
    setFocused({ ...focused, scrolled: true });
  }, [focused, rows]);

  const jumpToLatest = () => {
    atBottomRef.current = true;
    setAtBottom(true);
    setAnchor(tailAnchor);
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  };

  const sentSignal = useRef(bottomSignal);
  useEffect(() => {
    if (sentSignal.current === bottomSignal) return;
    sentSignal.current = bottomSignal;
    jumpToLatest();
  });

  // An older page asked for from the top lands outside a full window: render it once it arrives (the request marks
  // the conversation loading in the same update, so the wish outlives the wait).
  const [wantsOlder, setWantsOlder] = useState(false);
  const loadOlder = () => {
    setWantsOlder(true);
    onLoadOlder();
  };
  if (wantsOlder && !loadingOlder) {
    setWantsOlder(false);
    if (range.start > 0) setAnchor(expandUp(ids, range));
  }

  const onScroll = () => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const fromBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
    const bottom = fromBottom < 40 && range.end === ids.length;
    atBottomRef.current = bottom;
    setAtBottom(bottom);
    if (scroller.scrollTop < edgePx) {
      if (range.start > 0) setAnchor(expandUp(ids, range));
      else if (hasOlder && !loadingOlder) loadOlder();
    } else if (fromBottom < edgePx && range.end < ids.length) {
      setAnchor(expandDown(ids, range));
    }
  };

  return (
    <div className={styles.listFrame}>
      <div
        ref={scrollerRef}
        className={styles.scroller}
        onScroll={onScroll}
        role="log"
        aria-label={label}
        aria-relevant="additions"
        tabIndex={0}
      >
        {range.start === 0 && (
          <div className={styles.listTop}>
            {loadingOlder ? (
              <Spinner label={t('chat.conversation.loadingOlder')} />
            ) : hasOlder ? (
              <Button size="sm" variant="ghost" onClick={loadOlder}>
                {t('chat.conversation.loadOlder')}
              </Button>
            ) : (
              <>
                {beginningNotice}
                <p className={styles.beginning}>{t('chat.conversation.beginning')}</p>
              </>
            )}
          </div>
        )}
        {rows.map((row) => {
          if (row.kind === 'day')
            return (
              <div key={row.key} className={styles.daySeparator} role="separator">
                <span>{formatDay(row.date, i18n.language)}</span>
              </div>
            );
          if (row.kind === 'unread')
            return (
              <div key={row.key} className={styles.unreadDivider} role="separator" aria-label={t('chat.conversation.unread')}>
                <span>{t('chat.conversation.unread')}</span>
              </div>
            );
          return (
            <MessageItem
              key={row.key}
              message={row.message}
              grouped={row.grouped}
              me={me}
              editing={row.message.id === editingId}
              focused={row.message.id === focused?.id}
              {...actions}
            />
          );
        })}
        {range.end === ids.length && pending}
      </div>
      {!atBottom && (
        <Button className={styles.jump} size="sm" variant="secondary" icon={<ArrowDown size={14} />} onClick={jumpToLatest}>
          {t('chat.conversation.jumpToLatest')}
        </Button>
      )}
    </div>
  );
}
