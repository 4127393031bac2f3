import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors';
import { parseFeedback, screenshotMaximum } from './feedback';
import { renderFeedbackMail } from './feedbackMail';

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? [error.code, error.field] : ['unexpected', String(error)];
  }
  return null;
};

describe('feedback input', () => {
  it('keeps the trimmed message, the kind, an image data URL and an app path', () => {
    expect(
      parseFeedback({ kind: 'praise', message: '  Great  ', screenshot: 'data:image/png;base64,iVBORw0=', page: ' /overview/tasks ' }),
    ).toEqual({
      kind: 'praise',
      message: 'Great',
      screenshot: 'data:image/png;base64,iVBORw0=',
      page: '/overview/tasks',
    });
    expect(parseFeedback({ kind: 'idea', message: 'x', screenshot: null, page: '' })).toMatchObject({ screenshot: null, page: null });
  });

  it('refuses each bad field with its own code', () => {
    expect(codeOf(() => parseFeedback({ kind: 'idea', message: ' \n ' }))).toEqual(['MESSAGE_BODY_REQUIRED', 'message']);
    expect(codeOf(() => parseFeedback({ kind: 'idea', message: 'x'.repeat(5001) }))).toEqual(['MESSAGE_BODY_TOO_LONG', 'message']);
    expect(codeOf(() => parseFeedback({ kind: 'complaint', message: 'x' }))).toEqual(['BAD_USER_INPUT', 'kind']);
    expect(codeOf(() => parseFeedback({ kind: 'idea', message: 'x', screenshot: 'data:image/svg+xml;base64,PHN2Zz4=' }))).toEqual([
      'FILE_INVALID_TYPE',
      'screenshot',
    ]);
    expect(codeOf(() => parseFeedback({ kind: 'idea', message: 'x', screenshot: 'javascript:alert(1)' }))).toEqual([
      'FILE_INVALID_TYPE',
      'screenshot',
    ]);
    const tooLarge = `data:image/jpeg;base64,${'A'.repeat(screenshotMaximum)}`;
    expect(codeOf(() => parseFeedback({ kind: 'idea', message: 'x', screenshot: tooLarge }))).toEqual(['FILE_TOO_LARGE', 'screenshot']);
    expect(codeOf(() => parseFeedback({ kind: 'idea', message: 'x', page: '//evil.example/' }))).toEqual(['BAD_USER_INPUT', 'page']);
  });
});

describe('feedback mail', () => {
  const input = {
    to: 'admin@example.com',
    kind: 'problem' as const,
    message: '<script>alert(1)</script>\nSecond line',
    authorName: 'Ada\nLovelace',
    authorEmail: 'ada@example.com',
    page: null,
    hasScreenshot: true,
    listLink: 'https://workspace.example.com/overview/feedback',
  };

  it('is in the administrator’s language, English for an unknown one', () => {
    expect(renderFeedbackMail({ ...input, language: 'de' }).subject).toBe('Feedback (Problem) von Ada Lovelace');
    expect(renderFeedbackMail({ ...input, language: 'xx' }).subject).toBe('Feedback (problem) from Ada Lovelace');
  });

  it('quotes the message as text and never as markup, and links to the feedback received', () => {
    const mail = renderFeedbackMail({ ...input, language: 'en' });
    expect(mail.text).toContain('> <script>alert(1)</script>\n> Second line');
    expect(mail.text).toContain('A screenshot is attached to it in the app.');
    expect(mail.text).toContain('Read the feedback received: https://workspace.example.com/overview/feedback');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
  });
});
