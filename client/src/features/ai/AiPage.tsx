import { useCallback, useEffect, useState } from 'react';
import { ArrowLeft, MessageCirclePlus, SearchCheck, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { describeRequestError } from '../../lib/formMessages';
import { useAtomValue, useStore } from '../../lib/store';
import { Button, EmptyState, Notice, Page, Spinner, openDialog, showToast } from '../../ui';
import {
  askAi,
  createAiConversation,
  deleteAiConversation,
  followAiConversations,
  loadAiStatus,
  renameAiConversation,
  type Question,
} from './aiActions';
import { AiComposer } from './AiComposer';
import { AiConversationView } from './AiConversationView';
import { currentTeamAtom } from '../auth/session';
import { aiConversationsAtom, aiStatusAtom } from './atoms';
import { ConversationList } from './ConversationList';
import type { AiMode } from './messages';
import { NotConfigured } from './NotConfigured';
import type { AiConversation } from './operations';
import styles from './Ai.module.css';

type Loading = 'loading' | 'ready' | { error: string };

/**
 * getAiStatus and getAiConversations, read when the page opens, the list then kept live (other tabs' changes too);
 * `retry` reads what failed again.
 */
function usePageData(): { status: Loading; list: Loading; retry: () => void } {
  const { i18n } = useTranslation();
  const store = useStore();
  // Conversations belong to the current team: switching teams reads them again.
  const team = useAtomValue(currentTeamAtom)?.id;
  const [status, setStatus] = useState<Loading>(() => (store.get(aiStatusAtom) ? 'ready' : 'loading'));
  const [list, setList] = useState<Loading>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    loadAiStatus(store).then(
      () => live && setStatus('ready'),
      (error: unknown) => live && setStatus({ error: describeRequestError(error, i18n.t, i18n.language).message }),
    );
    return () => {
      live = false;
    };
  }, [store, attempt, i18n]);

  useEffect(
    () =>
      followAiConversations(store, (failure) =>
        setList(failure === null ? 'ready' : { error: describeRequestError(failure, i18n.t, i18n.language).message }),
      ),
    [store, attempt, team, i18n],
  );

  const retry = useCallback(() => {
    setStatus((value) => (value === 'ready' ? value : 'loading'));
    setList((value) => (value === 'ready' ? value : 'loading'));
    setAttempt((count) => count + 1);
  }, []);
  return { status, list, retry };
}

function Failure({ message, retry }: { message: string; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice tone="error" title={t('ai.failed')}>
      <p>{message}</p>
      <Button size="sm" variant="secondary" onClick={retry}>
        {t('ai.tryAgain')}
      </Button>
    </Notice>
  );
}

/**
 * The AI assistant at /:scope/ai: the caller's conversations beside the open one (/:scope/ai/:id). With no
 * conversation open, a welcome with the composer: the first question starts a conversation of its mode.
 */
export default function AiPage() {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const navigate = useNavigate();
  const { project: scope = 'overview', id } = useParams();
  const { status: statusLoad, list: listLoad, retry } = usePageData();
  const status = useAtomValue(aiStatusAtom);
  const conversations = useAtomValue(aiConversationsAtom);
  const [creating, setCreating] = useState<AiMode | null>(null);
  const pathOf = (conversation: string) => `/${scope}/ai/${conversation}`;
  const active = conversations?.find((conversation) => conversation.id === id) ?? null;

  const create = async (mode: AiMode) => {
    setCreating(mode);
    try {
      const conversation = await createAiConversation(store, mode);
      void navigate(pathOf(conversation.id));
    } catch (error) {
      showToast({ message: describeRequestError(error, t, i18n.language).message, icon: 'error' });
    } finally {
      setCreating(null);
    }
  };

  const askInNew = async (question: Question): Promise<string | null> => {
    try {
      const conversation = await createAiConversation(store, question.mode);
      await askAi(store, conversation.id, question);
      void navigate(pathOf(conversation.id));
      return null;
    } catch (error) {
      return describeRequestError(error, t, i18n.language).message;
    }
  };

  const rename = async (conversation: AiConversation, name: string) => {
    try {
      await renameAiConversation(store, conversation.id, name);
      return true;
    } catch (error) {
      showToast({ message: describeRequestError(error, t, i18n.language).message, icon: 'error' });
      return false;
    }
  };

  const remove = async (conversation: AiConversation) => {
    const name = conversation.name || t('ai.list.untitled');
    const { confirmed } = await openDialog(
      {
        title: t('ai.list.deleteTitle', { name }),
        description: t('ai.list.deleteDescription'),
        primaryLabel: t('ai.list.delete'),
        tone: 'danger',
      },
      store,
    );
    if (!confirmed) return;
    try {
      await deleteAiConversation(store, conversation.id);
      showToast({ message: t('ai.list.deleted', { name }), icon: 'success' });
      if (conversation.id === id) void navigate(`/${scope}/ai`);
    } catch (error) {
      showToast({ message: describeRequestError(error, t, i18n.language).message, icon: 'error' });
    }
  };

  if (typeof statusLoad === 'object') {
    return (
      <Page>
        <Failure message={statusLoad.error} retry={retry} />
      </Page>
    );
  }
  if (!status) {
    return (
      <div className={styles.centered}>
        <Spinner size={20} label={t('ai.loading')} />
      </div>
    );
  }
  if (!status.configured) {
    return (
      <Page>
        <NotConfigured />
      </Page>
    );
  }

  return (
    <div className={styles.page} data-open={id ? 'conversation' : 'list'}>
      <aside className={styles.side} aria-label={t('ai.list.label')}>
        <div className={styles.sideHeader}>
          <Button
            variant="primary"
            size="sm"
            icon={<MessageCirclePlus aria-hidden />}
            loading={creating === 'chat'}
            onClick={() => void create('chat')}
          >
            {t('ai.list.newChat')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            icon={<SearchCheck aria-hidden />}
            loading={creating === 'search'}
            onClick={() => void create('search')}
          >
            {t('ai.list.newSearch')}
          </Button>
        </div>
        <div className={styles.sideBody}>
          {typeof listLoad === 'object' && <Failure message={listLoad.error} retry={retry} />}
          {listLoad === 'loading' && !conversations && (
            <div className={styles.centered}>
              <Spinner size={18} label={t('ai.loading')} />
            </div>
          )}
          {conversations && conversations.length === 0 && <p className={styles.listEmpty}>{t('ai.list.empty')}</p>}
          {conversations && conversations.length > 0 && (
            <ConversationList
              conversations={conversations}
              activeId={id ?? null}
              pathOf={pathOf}
              onRename={rename}
              onDelete={(conversation) => void remove(conversation)}
            />
          )}
        </div>
      </aside>
      <section className={styles.main} aria-labelledby="ai-pane-title">
        <header className={styles.paneHeader}>
          <Link to={`/${scope}/ai`} className={styles.paneBack} aria-label={t('ai.conversation.back')}>
            <ArrowLeft size={16} aria-hidden />
          </Link>
          <h2 id="ai-pane-title" className={styles.paneTitle}>
            {id ? (active ? active.name || t('ai.list.untitled') : t('areas.ai.title')) : t('ai.welcome.title')}
          </h2>
          {active?.type === 'search' && <span className={styles.paneBadge}>{t('ai.modes.search')}</span>}
        </header>
        {id && active && <AiConversationView conversation={active} maxPromptBytes={status.maxPromptBytes} />}
        {id && !active && conversations && (
          <EmptyState icon={Sparkles} title={t('ai.conversation.notFound')} description={t('ai.conversation.notFoundHint')} />
        )}
        {!id && (
          <div className={styles.welcome}>
            <div className={styles.welcomeHero}>
              <span className={styles.heroIcon} aria-hidden>
                <Sparkles size={22} />
              </span>
              <p className={styles.heroText}>{t('ai.welcome.description')}</p>
            </div>
            <AiComposer
              defaultMode="chat"
              maxPromptBytes={status.maxPromptBytes}
              streaming={false}
              onAsk={askInNew}
              onStop={() => undefined}
            />
          </div>
        )}
      </section>
    </div>
  );
}
