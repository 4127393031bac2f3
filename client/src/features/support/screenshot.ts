/**
 * The feedback form's screenshot: the browser captures the current tab (the screen-capture prompt, offering this
 * tab first) once, the frame is scaled down and compressed to a JPEG data URL under the server's cap, and the
 * capture stops at once. Nothing is captured without the person's choice in the browser's own prompt.
 */

/** The server's cap on a screenshot data URL (server/src/domains/support/feedback.ts: screenshotMaximum). */
export const screenshotMaximumLength = 1_000_000;
/** Widest screenshot kept: enough to read a page, small enough to mail and keep. */
const maximumWidth = 1600;
const qualities = [0.85, 0.7, 0.55, 0.4];

export function canCaptureScreen(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';
}

/** A canvas's image as a JPEG data URL under the cap, lowering the quality (then the size) until it fits; null if it never does. */
export function compressCanvas(canvas: HTMLCanvasElement, maximumLength = screenshotMaximumLength): string | null {
  let source = canvas;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    for (const quality of qualities) {
      const url = source.toDataURL('image/jpeg', quality);
      if (url.startsWith('data:image/jpeg') && url.length <= maximumLength) return url;
    }
    source = scaled(source, 0.7);
  }
  return null;
}

function scaled(canvas: HTMLCanvasElement, factor: number): HTMLCanvasElement {
  const smaller = document.createElement('canvas');
  smaller.width = Math.max(1, Math.round(canvas.width * factor));
  smaller.height = Math.max(1, Math.round(canvas.height * factor));
  smaller.getContext('2d')?.drawImage(canvas, 0, 0, smaller.width, smaller.height);
  return smaller;
}

/** Captures one frame of the tab the person picks; null when they cancel the browser's prompt. */
export async function captureCurrentPage(): Promise<string | null> {
  let stream: MediaStream;
  try {
    // preferCurrentTab (Chromium) offers this tab first; other browsers ignore it and show their usual choice.
    stream = await navigator.mediaDevices.getDisplayMedia({
      video: true,
      audio: false,
      preferCurrentTab: true,
    } as DisplayMediaStreamOptions);
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError')) return null;
    throw error;
  }
  try {
    const video = document.createElement('video');
    video.muted = true;
    video.srcObject = stream;
    await video.play();
    const width = Math.min(video.videoWidth, maximumWidth);
    const height = Math.round((video.videoHeight * width) / Math.max(1, video.videoWidth));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    canvas.getContext('2d')?.drawImage(video, 0, 0, width, height);
    video.srcObject = null;
    return compressCanvas(canvas);
  } finally {
    for (const track of stream.getTracks()) track.stop();
  }
}
