// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, mockGraphQL } from '../../test/graphqlMock';
import { setupAppI18n } from '../../test/i18n';
import { renderWithStore } from '../../test/renderWithStore';
import { signedInStore } from '../../test/signedInStore';
import FeedbackPage from './FeedbackPage';

beforeAll(async () => {
  await setupAppI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(HTMLVideoElement.prototype, 'videoWidth');
  Reflect.deleteProperty(HTMLVideoElement.prototype, 'videoHeight');
  if (sourceObject) Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', sourceObject);
});

const sourceObject = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'srcObject');

const member = { getSupportAccess: () => ({ data: { getSupportAccess: { supportTeam: false, unread: 0, inboxUnread: 0 } } }) };
const pixel = 'data:image/jpeg;base64,/9j/2wBDAAEBAQ==';

/** A browser whose screen capture gives one frame: getDisplayMedia, and a video and canvas that draw it. */
function stubScreenCapture() {
  const stop = vi.fn();
  const getDisplayMedia = vi.fn(async () => ({ getTracks: () => [{ stop }] }));
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getDisplayMedia } });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  // happy-dom's video takes no stub stream and has no frame size: this one is 1280 × 800.
  Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', { configurable: true, get: () => null, set: () => undefined });
  Object.defineProperty(HTMLVideoElement.prototype, 'videoWidth', { configurable: true, get: () => 1280 });
  Object.defineProperty(HTMLVideoElement.prototype, 'videoHeight', { configurable: true, get: () => 800 });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(pixel);
  return { getDisplayMedia, stop };
}

describe('feedback (issue 20)', () => {
  it('refuses an empty message in place and sends nothing', async () => {
    const graphql = mockGraphQL({ ...member });
    renderWithStore(<FeedbackPage />, { store: signedInStore() });
    await userEvent.type(screen.getByLabelText('Your message'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Write your feedback first.')).toBeTruthy();
    expect(screen.getByLabelText('Your message')).toBe(document.activeElement);
    expect(graphql.callsOf('sendFeedback')).toHaveLength(0);
  });

  it('captures the page when asked, shows the preview, lets it be removed, and sends the kind and message', async () => {
    const capture = stubScreenCapture();
    const graphql = mockGraphQL({ ...member, sendFeedback: () => ({ data: { sendFeedback: { id: 'f1' } } }) });
    renderWithStore(<FeedbackPage />, { store: signedInStore() });
    await userEvent.click(screen.getByRole('radio', { name: 'Problem' }));
    await userEvent.type(screen.getByLabelText('Your message'), ' The board freezes ');

    await userEvent.click(screen.getByRole('button', { name: 'Add a screenshot' }));
    const preview = await screen.findByRole('img', { name: 'Screenshot to send' });
    expect(preview.getAttribute('src')).toBe(pixel);
    expect(capture.stop).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove screenshot' }));
    expect(screen.queryByRole('img', { name: 'Screenshot to send' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Add a screenshot' }));
    await screen.findByRole('img', { name: 'Screenshot to send' });
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Your feedback was sent to the administrators of this workspace.')).toBeTruthy();
    expect(graphql.callsOf('sendFeedback')[0]?.variables).toEqual({
      kind: 'problem',
      message: 'The board freezes',
      screenshot: pixel,
      page: null,
    });
  });

  it('says clearly when sending failed, and keeps what was written', async () => {
    mockGraphQL({ ...member, sendFeedback: () => failure('RATE_LIMITED', 'Too many attempts. Wait a moment and try again.') });
    renderWithStore(<FeedbackPage />, { store: signedInStore() });
    await userEvent.type(screen.getByLabelText('Your message'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your feedback was not sent');
    expect((screen.getByLabelText('Your message') as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('shows the instance administrators the feedback received, with its screenshot on request', async () => {
    const graphql = mockGraphQL({
      getSupportAccess: () => ({ data: { getSupportAccess: { supportTeam: true, unread: 0, inboxUnread: 0 } } }),
      getSupportFeedbacks: () => ({
        data: {
          getSupportFeedbacks: [
            {
              id: 'f1',
              kind: 'praise',
              message: 'Love the <b>board</b>',
              page: null,
              hasScreenshot: true,
              createdAt: '2026-11-26T10:00:00.000Z',
              author: { id: 'u1', firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', profileImg: null },
            },
          ],
        },
      }),
      getSupportFeedback: () => ({ data: { getSupportFeedback: { id: 'f1', screenshot: pixel } } }),
    });
    renderWithStore(<FeedbackPage />, { store: signedInStore() });
    expect(await screen.findByRole('heading', { name: 'Feedback received' })).toBeTruthy();
    // What people wrote is text, never markup.
    expect(await screen.findByText('Love the <b>board</b>')).toBeTruthy();
    expect(screen.getByText('Ada Lovelace · ada@example.com')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show screenshot' }));
    expect((await screen.findByRole('img', { name: 'Screenshot sent by Ada Lovelace' })).getAttribute('src')).toBe(pixel);
    expect(graphql.callsOf('getSupportFeedback')[0]?.variables).toEqual({ id: 'f1' });
  });
});
