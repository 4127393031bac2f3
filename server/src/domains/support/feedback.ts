import { inArray } from 'drizzle-orm';
import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import type { UnitOfWork } from '../../core/commands';
import { isId, newId } from '../../core/ids';
import { runCommand } from '../../core/runCommand';
import { feedbackStream } from '../../core/streams';
import { codedError, DomainError } from '../../errors';
import { requireActor } from '../../graphql/context';
import type { MutationResolvers, QueryResolvers } from '../../graphql/schemaTypes';
import { findUser, instanceAdministratorIds, users } from '../accounts';
import { feedbackKinds, type FeedbackKind, type FeedbackSent } from './events';
import { renderFeedbackMail } from './feedbackMail';
import { supportPolicy } from './policies';
import { presentFeedbacks } from './present';
import { feedbackList, findFeedback, type FeedbackRow } from './state';
import { viewerOf } from './viewer';

/** Longest feedback message. */
export const feedbackMessageMaximum = 5000;
/**
 * Largest screenshot, as a data URL's characters (about 730 KB of image): the client scales the capture down
 * and compresses it to fit; it is kept in the log with the feedback, so it stays small.
 */
export const screenshotMaximum = 1_000_000;
const screenshotPattern = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
const pageMaximum = 500;

export interface FeedbackInput {
  kind: FeedbackKind;
  message: string;
  screenshot: string | null;
  page: string | null;
}

/** The form's fields as the server takes them, or the first clear error; nothing is kept before they pass. */
export function parseFeedback(args: { kind: string; message: string; screenshot?: string | null; page?: string | null }): FeedbackInput {
  if (!(feedbackKinds as readonly string[]).includes(args.kind)) throw codedError('BAD_USER_INPUT', { field: 'kind' });
  const message = args.message.trim();
  if (message === '') throw codedError('MESSAGE_BODY_REQUIRED', { field: 'message' });
  if (message.length > feedbackMessageMaximum)
    throw codedError('MESSAGE_BODY_TOO_LONG', { params: { maximum: feedbackMessageMaximum }, field: 'message' });
  const screenshot = args.screenshot ?? null;
  if (screenshot !== null) {
    if (screenshot.length > screenshotMaximum) throw codedError('FILE_TOO_LARGE', { field: 'screenshot' });
    if (!screenshotPattern.test(screenshot)) throw codedError('FILE_INVALID_TYPE', { field: 'screenshot' });
  }
  // Only a path of this app is kept: never a whole address, which could point anywhere.
  const page = args.page?.trim() || null;
  if (page !== null && (!page.startsWith('/') || page.startsWith('//') || page.length > pageMaximum))
    throw codedError('BAD_USER_INPUT', { field: 'page' });
  return { kind: args.kind as FeedbackKind, message, screenshot, page };
}

const pageArgument = z.string().nullish();

/** Mails the feedback to every instance administrator, each in their language; a failed mail does not lose the feedback. */
async function mailAdministrators(context: MercuriusContext, sent: FeedbackSent): Promise<void> {
  const { services } = context;
  const administratorIds = await instanceAdministratorIds(services);
  if (administratorIds.length === 0) return;
  const author = await findUser(services, sent.authorId);
  const administrators = await services.database.db.select().from(users).where(inArray(users.id, administratorIds));
  for (const administrator of administrators) {
    const mail = renderFeedbackMail({
      to: administrator.email,
      language: administrator.language,
      kind: sent.kind,
      message: sent.message,
      authorName: `${author.firstname} ${author.lastname}`.trim(),
      authorEmail: author.email,
      page: sent.page,
      hasScreenshot: sent.screenshot !== null,
      listLink: `${services.config.publicUrl}/overview/feedback`,
    });
    try {
      await services.mailer.send(mail);
    } catch (error) {
      context.reply?.log.error({ err: error, feedbackId: sent.feedbackId }, 'The feedback mail to an instance administrator failed');
    }
  }
}

/** Keeps a feedback, in a unit: its row as the projection wrote it. Its stream is new (a new id): version 0. */
export async function sendFeedbackIn(unit: UnitOfWork, sent: FeedbackSent): Promise<FeedbackRow> {
  await unit.append(feedbackStream(sent.feedbackId), [{ type: 'support.feedbackSent', payload: sent }], {
    teamId: null,
    expectedVersion: 0,
  });
  return (await findFeedback(unit.transaction, sent.feedbackId))!;
}

export const feedbackQueries = {
  getSupportFeedbacks: async (_root, _args, context) => {
    const db = context.services.database.db;
    const viewer = await viewerOf(context);
    if (!supportPolicy.readsFeedback(viewer)) throw new DomainError('PERMISSION_DENIED');
    return await presentFeedbacks(db, await feedbackList(db));
  },
  getSupportFeedback: async (_root, args, context) => {
    const db = context.services.database.db;
    const viewer = await viewerOf(context);
    if (!supportPolicy.readsFeedback(viewer)) throw new DomainError('PERMISSION_DENIED');
    const row = isId(args.id) ? await findFeedback(db, args.id) : undefined;
    if (!row) throw new DomainError('NOT_FOUND');
    return (await presentFeedbacks(db, [row]))[0]!;
  },
} satisfies QueryResolvers;

export const feedbackMutations = {
  sendFeedback: async (_root, args, context) => {
    const actor = requireActor(context);
    const input = parseFeedback({ ...args, page: pageArgument.parse(args.page) });
    await context.services.rateLimits.consume(['feedbackPerUser', actor.userId]);
    const sent: FeedbackSent = { feedbackId: newId(), authorId: actor.userId, ...input };
    const row = await runCommand(context, actor.userId, (unit) => sendFeedbackIn(unit, sent));
    // A retry with the same mutation id answers the first feedback, mailed already.
    if (row.id === sent.feedbackId) await mailAdministrators(context, sent);
    return (await presentFeedbacks(context.services.database.db, [row]))[0]!;
  },
} satisfies MutationResolvers;
