/**
 * The story being recorded, wherever the person is in the app: one recorder per app store (like the upload queue), so
 * leaving the Stories page does not lose a recording, and its bar and preview show where this dock is mounted.
 */
import { useEffect } from 'react';
import type { AppStore } from '../../lib/store';
import { useStore } from '../../lib/store';
import { addStory } from './storiesState';
import { StoryRecorder } from './storyRecorder';
import { StoryPreviewDialog, StoryRecordingBar, useStoryRecorder } from './StoryRecording';

const recorders = new WeakMap<AppStore, StoryRecorder>();

export function storyRecorderOf(store: AppStore): StoryRecorder {
  let recorder = recorders.get(store);
  if (!recorder) {
    recorder = new StoryRecorder();
    recorders.set(store, recorder);
  }
  return recorder;
}

export function useStoryRecorderInstance(): StoryRecorder {
  return storyRecorderOf(useStore());
}

/** The recording bar and the preview of the story in progress; the browser asks before a reload would lose it. */
export function StoryRecordingDock() {
  const store = useStore();
  const recorder = storyRecorderOf(store);
  const state = useStoryRecorder(recorder);
  const unsaved = state.phase === 'recording' || state.phase === 'paused' || state.phase === 'finishing' || state.phase === 'preview';
  useEffect(() => {
    if (!unsaved) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  return (
    <>
      <StoryRecordingBar recorder={recorder} />
      {state.project && <StoryPreviewDialog recorder={recorder} project={state.project} onUploaded={(story) => addStory(store, story)} />}
    </>
  );
}
