import type { FastifyInstance } from 'fastify';
import type { WebhookEvent } from 'livekit-server-sdk';
import type { Services } from '../../graphql/context';
import { callBoardOf } from './board';
import { announceLeave, appendFinish, openFeedWithinMs, recordLeave } from './calls';
import { egressOutcome, mediaServerOf } from './livekit';
import { recordEgressEnded } from './recordings';
import { findAttendee, findCall } from './state';

export const livekitWebhookPath = '/livekit/webhook';

/** LiveKit's webhook bodies are small JSON documents; anything larger is not one. */
const webhookBodyLimit = 1_048_576;

/**
 * What LiveKit tells the app about its calls (a LiveKit room is a call, named by its id; a participant's
 * identity is an attendee id). Each is idempotent, since LiveKit retries, and about the app's own calls only:
 * - participant_joined: the attendee is in the call, so it is not dropped for a call feed it has not opened;
 * - participant_left: the attendee leaves, as when its call feed closes;
 * - room_finished: the call finishes (everyone still in it leaves);
 * - egress_ended: the recording is saved where egress wrote it, or marked failed.
 */
export async function handleLivekitEvent(services: Services, event: WebhookEvent): Promise<void> {
  const db = services.database.db;
  switch (event.event) {
    case 'participant_joined': {
      const attendee = event.participant ? await findAttendee(db, event.participant.identity) : undefined;
      if (attendee && attendee.leftAt === null && attendee.videocallId === event.room?.name)
        callBoardOf(services).keep(attendee.id, openFeedWithinMs);
      return;
    }
    case 'participant_left':
    case 'participant_connection_aborted': {
      const attendee = event.participant ? await findAttendee(db, event.participant.identity) : undefined;
      if (attendee && attendee.videocallId === event.room?.name)
        await recordLeave(services, attendee.userId, attendee.videocallId, [attendee.id], 'left');
      return;
    }
    case 'room_finished': {
      const call = await findCall(db, event.room?.name);
      if (!call || call.finishedAt !== null) return;
      announceLeave(services, await services.store.run({ actorId: null }, async (unit) => await appendFinish(unit, call.id, 'left')));
      return;
    }
    case 'egress_ended': {
      const outcome = egressOutcome(event);
      if (outcome) await recordEgressEnded(services, outcome);
      return;
    }
    default:
      return;
  }
}

/**
 * POST /livekit/webhook: LiveKit signs each body (Authorization: a JWT signed with the API secret, carrying the
 * body's SHA-256); anything unsigned, signed with another secret or changed after signing is refused with 401
 * before it is read. Without LiveKit configured the route answers 404.
 */
export function registerMeetingRoutes(server: FastifyInstance, services: Services): void {
  server.register(async (scope) => {
    // The signature covers the exact bytes, so the body is kept as text (LiveKit sends application/webhook+json).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: webhookBodyLimit }, (_request, body, done) => done(null, body));
    scope.post(livekitWebhookPath, async (request, reply) => {
      const media = mediaServerOf(services);
      if (!media) return reply.code(404).send({ error: 'LiveKit is not configured' });
      let event: WebhookEvent;
      try {
        event = await media.receiveWebhook(typeof request.body === 'string' ? request.body : '', request.headers.authorization);
      } catch {
        return reply.code(401).send({ error: 'invalid webhook signature' });
      }
      await handleLivekitEvent(services, event);
      return reply.code(200).send({ received: true });
    });
  });
}
