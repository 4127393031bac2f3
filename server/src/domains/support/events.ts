import type { DomainEvent } from '../../core/events';

/** The kinds of feedback the form offers. */
export const feedbackKinds = ['idea', 'problem', 'praise'] as const;
export type FeedbackKind = (typeof feedbackKinds)[number];

/** Feedback a person sent the instance administrators. */
export interface FeedbackSent {
  feedbackId: string;
  authorId: string;
  kind: FeedbackKind;
  message: string;
  /** An image data URL (capped in size), or null. */
  screenshot: string | null;
  /** The path of the page the person was on, or null. */
  page: string | null;
}

/** A message of a person's support conversation, written by the person or by an instance administrator. */
export interface SupportMessagePosted {
  messageId: string;
  personId: string;
  authorId: string;
  body: string;
}

/** One side of a conversation read it up to a log position: the person, or the support team (any administrator). */
export interface SupportThreadRead {
  personId: string;
  readerId: string;
  side: 'person' | 'support';
  seq: number;
}

/** Events of the support streams; `type` strings are stored in the log forever, never renamed. */
export type SupportEvent =
  | DomainEvent<'support.feedbackSent', FeedbackSent>
  | DomainEvent<'support.messagePosted', SupportMessagePosted>
  | DomainEvent<'support.threadRead', SupportThreadRead>;

export const supportThreadEventTypes: readonly string[] = ['support.messagePosted', 'support.threadRead'];

/** The kind of every support event (`support.…`): the inbox listens on its live topic. */
export const supportKind = 'support';
