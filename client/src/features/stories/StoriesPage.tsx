/** The stories area of a space (`/:project/stories`): its screen recordings newest first, live, and "New story". */
import { Clapperboard, Play, Video } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isProjectId } from '../../app/routeRules';
import { useCoalescedReload } from '../../lib/coalescedReload';
import { useAtomValue, useStore } from '../../lib/store';
import { useSubscription } from '../../lib/subscriptions';
import { Avatar, Button, EmptyState, LoadingBar, Notice } from '../../ui';
import { formatDate, formatDuration, personName } from '../files/fileDisplay';
import { MediaViewer } from '../files/MediaViewer';
import { subStoriesDocument, type StoryFile } from './operations';
import { applyStoryChange, loadStories, storiesAtom, storyListAtom } from './storiesState';
import { StorySetupDialog, useStoryRecorder } from './StoryRecording';
import { useStoryRecorderInstance } from './StoryRecordingDock';
// The page's frame (toolbar, list area, empty and pick states) is the media area's, which it mirrors.
import mediaStyles from '../files/Media.module.css';
import styles from './Stories.module.css';

function StoryCard({ story, onOpen }: { story: StoryFile; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const author = personName(story.author) ?? t('stories.unknownAuthor');
  const duration = story.duration ? formatDuration(story.duration) : null;
  return (
    <li>
      <button type="button" className={styles.card} onClick={onOpen} aria-label={t('stories.open', { name: story.name })}>
        <span className={styles.poster}>
          {/* A frame one second in is the poster (the first ones are black while the pictures start): the server makes no thumbnail of a video. */}
          <video src={`${story.url}#t=1`} preload="metadata" muted playsInline aria-hidden tabIndex={-1} />
          <span className={styles.badge}>
            <Play size={10} aria-hidden /> {duration ?? ''}
          </span>
        </span>
        <span className={styles.cardBody}>
          <span className={styles.cardName}>{story.name}</span>
          <span className={styles.cardMeta}>
            <Avatar name={author} src={story.author?.profileImg ?? null} colorKey={story.author?.id ?? story.id} size={18} />
            {t('stories.meta', { author, date: formatDate(story.createdAt, i18n.language) })}
          </span>
        </span>
      </button>
    </li>
  );
}

function SpaceStories({ project }: { project: string }) {
  const { t } = useTranslation();
  const store = useStore();
  const area = useAtomValue(storiesAtom);
  const stories = useAtomValue(storyListAtom);
  const recorder = useStoryRecorderInstance();
  const recording = useStoryRecorder(recorder);
  const [choosing, setChoosing] = useState(false);
  const [viewed, setViewed] = useState<string | null>(null);
  useEffect(() => {
    void loadStories(store, project);
  }, [store, project]);
  const reload = useCoalescedReload(() => loadStories(store, project));
  useSubscription(
    subStoriesDocument,
    { project },
    ({ subFile }) => store.set(storiesAtom, (current) => applyStoryChange(current, subFile)),
    {
      reload,
    },
  );
  const current = area.project === project;
  const busy = recording.phase !== 'idle' && recording.phase !== 'failed';
  const newStory = () => setChoosing(true);
  return (
    <div className={mediaStyles.page}>
      <div className={mediaStyles.toolbar}>
        <h2 className={mediaStyles.title}>{t('areas.stories.title')}</h2>
        <span className={mediaStyles.spacer} />
        <Button size="sm" variant="primary" icon={<Video size={14} aria-hidden />} disabled={busy} onClick={newStory}>
          {t('stories.new')}
        </Button>
      </div>
      {recording.phase === 'failed' && recording.failure && !choosing && (
        <Notice tone="error" title={t(`stories.failures.${recording.failure}`)} />
      )}
      {current && area.status === 'loading' && <LoadingBar label={t('stories.loading')} />}
      {current && area.status === 'error' && (
        <Notice tone="error" title={t('stories.loadFailed')}>
          <Button size="sm" onClick={() => void loadStories(store, project)}>
            {t('stories.retry')}
          </Button>
        </Notice>
      )}
      {current && area.status === 'ready' && stories.length === 0 && (
        <EmptyState
          className={mediaStyles.empty}
          icon={Clapperboard}
          title={t('stories.empty.title')}
          description={t('stories.empty.description')}
          action={
            <Button variant="primary" icon={<Video size={14} aria-hidden />} disabled={busy} onClick={newStory}>
              {t('stories.empty.action')}
            </Button>
          }
        />
      )}
      {current && stories.length > 0 && (
        <ul className={styles.list} aria-label={t('stories.list')}>
          {stories.map((story) => (
            <StoryCard key={story.id} story={story} onOpen={() => setViewed(story.id)} />
          ))}
        </ul>
      )}
      <StorySetupDialog recorder={recorder} project={project} open={choosing} onClose={() => setChoosing(false)} />
      {viewed && <MediaViewer files={stories} currentId={viewed} onChange={setViewed} onClose={() => setViewed(null)} />}
    </div>
  );
}

/** The stories area; on the overview (no space in the path) it asks for a space. */
export default function StoriesPage() {
  const { t } = useTranslation();
  const { project } = useParams();
  if (!project || !isProjectId(project)) {
    return (
      <div className={mediaStyles.pick}>
        <EmptyState icon={Clapperboard} title={t('areas.stories.title')} description={t('stories.pickSpace')} />
      </div>
    );
  }
  return <SpaceStories project={project} />;
}
