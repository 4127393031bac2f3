/**
 * Records a call in this browser: a canvas draws every picture of the call as a grid about 15 times a second, Web Audio
 * mixes every voice, and MediaRecorder turns both into one WebM file (canvasRecorder.ts does the recording).
 */
import { CanvasRecorder, canRecordCanvas, drawContained, type CanvasFrame, type RecordingSource } from './canvasRecorder';

export type { RecordingSource } from './canvasRecorder';

export const canRecordCalls = canRecordCanvas;

/** Rows and columns for a grid of `count` equal tiles on a 16:9 canvas. */
export function gridOf(count: number): { columns: number; rows: number } {
  const columns = Math.max(1, Math.ceil(Math.sqrt(count)));
  return { columns, rows: Math.max(1, Math.ceil(count / columns)) };
}

/** Every picture in an equal tile with its person's name, on a dark background. */
export function drawCallGrid({ context, width, height, pictureOf }: CanvasFrame, sources: readonly RecordingSource[]): void {
  context.fillStyle = '#111318';
  context.fillRect(0, 0, width, height);
  const { columns, rows } = gridOf(sources.length);
  const tileWidth = width / columns;
  const tileHeight = height / rows;
  sources.forEach((source, index) => {
    const x = (index % columns) * tileWidth;
    const y = Math.floor(index / columns) * tileHeight;
    const picture = pictureOf(source);
    if (picture) drawContained(context, picture, { x, y, width: tileWidth, height: tileHeight });
    context.fillStyle = 'rgba(0, 0, 0, 0.55)';
    context.fillRect(x + 8, y + tileHeight - 36, Math.min(tileWidth - 16, 16 + source.name.length * 11), 28);
    context.fillStyle = '#ffffff';
    context.font = '18px sans-serif';
    context.fillText(source.name, x + 16, y + tileHeight - 16, tileWidth - 32);
  });
}

/** The call's recorder: a 1280×720 grid at 15 frames a second. */
export class CallRecorder extends CanvasRecorder {
  constructor(sources: () => readonly RecordingSource[]) {
    super({ sources, layout: drawCallGrid, width: 1280, height: 720, framesPerSecond: 15 });
  }
}
