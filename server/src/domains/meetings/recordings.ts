import { ServerError } from 'livekit-server-sdk';
import { videocallStream } from '../../core/streams';
import { codedError, refusal } from '../../errors';
import { newId } from '../../core/ids';
import { requireActor, type Services } from '../../graphql/context';
import type { StoredEvent } from '../../core/events';
import { callBoardOf } from './board';
import { announceLeave, roomStateOf } from './calls';
import { decideStartRecording, decideStopRecording } from './commands';
import { mediaServerOf, type EgressOutcome, type MediaServer } from './livekit';
import { meetingsPolicy } from './policies';
import { presentParticipants, presentRecording } from './present';
import {
  activeRecording,
  findAttendee,
  findCall,
  findRecording,
  findCallPlace,
  livekitRecordingsNotEnded,
  managesRoom,
  memberMayUse,
  presentAttendees,
  requireActiveCall,
  type Reader,
  type RecordingRow,
} from './state';
import type { MutationResolvers } from '../../graphql/schemaTypes';
import type { Cancel } from '../../core/jobs';

/** A recording as participants see it, with the name of who started it. */
export async function recordingFor(services: Services, db: Reader, recording: RecordingRow) {
  const attendee = await findAttendee(db, recording.attendeeId);
  const board = callBoardOf(services);
  const name = attendee ? ((await presentParticipants(db, [attendee], await board.statesOf(attendee.videocallId)))[0]?.name ?? '') : '';
  return presentRecording(recording, name);
}

/** The call's running recording as participants see it, or null. */
export async function activeRecordingFor(services: Services, db: Reader, videocallId: string) {
  const recording = await activeRecording(db, videocallId);
  return recording ? await recordingFor(services, db, recording) : null;
}

async function startEgress(media: MediaServer, roomName: string): Promise<string> {
  try {
    return await media.startRecording(roomName);
  } catch {
    throw codedError('RECORDING_UNAVAILABLE');
  }
}

/** Stops the egress; one LiveKit no longer knows (it already ended) is stopped all the same. */
async function stopEgress(media: MediaServer, egressId: string): Promise<void> {
  try {
    await media.stopRecording(egressId);
  } catch (error) {
    const gone =
      error instanceof ServerError && (error.status === 404 || error.code === 'not_found' || error.code === 'failed_precondition');
    if (!gone) throw codedError('RECORDING_UNAVAILABLE');
  }
}

export const recordingMutations = {
  /**
   * A member present in the call starts its recording. With LiveKit, egress records the room on the media
   * server and the egress id is the recording id; in mesh mode the starter's browser records and the id is new.
   */
  startRecording: async (_root, args: { videocall: string }, context) => {
    const { userId } = requireActor(context);
    const services = context.services;
    const db = services.database.db;
    const { call, room } = await requireActiveCall(db, args.videocall, { kind: 'member', userId });
    const attendee = (await presentAttendees(db, call.id)).filter((candidate) => candidate.userId === userId).at(-1);
    if (!meetingsPolicy.startRecording({ kind: 'member' }, attendee !== undefined)) throw refusal('NOT_FOUND', 'PARTICIPANT_NOT_FOUND');
    if (await activeRecording(db, call.id)) throw codedError('RECORDING_ALREADY_STARTED');
    const media = mediaServerOf(services);
    const recordingId = media ? await startEgress(media, call.id) : newId();
    let committed: StoredEvent[];
    try {
      committed = await services.store.run({ actorId: userId, mutationId: context.mutationId, request: context.request }, async (unit) => {
        // Two recordings started at once: the second reads the first's under the call's lock.
        await unit.lock(videocallStream(call.id));
        const current = await findCall(unit.transaction, call.id);
        if (!current || current.finishedAt !== null) throw refusal('NOT_FOUND', 'VIDEOCALL_NOT_FOUND');
        const events = decideStartRecording(
          roomStateOf(room),
          { id: call.id, recording: (await activeRecording(unit.transaction, call.id))?.id ?? null },
          { recordingId, userId, attendeeId: attendee!.id, transport: media ? 'livekit' : 'mesh' },
        );
        return await unit.append(videocallStream(call.id), events, { teamId: room.teamId });
      });
    } catch (error) {
      // Another recording won the race, or the call ended meanwhile: the egress just started must not run on.
      if (media) await media.stopRecording(recordingId).catch(() => undefined);
      throw error;
    }
    for (const event of committed)
      if (event.type === 'videocall.recordingStarted')
        callBoardOf(services).publish({ type: 'recording', videocallId: call.id, recordingId });
    return recordingId;
  },
  /** Who started the recording stops it, or who manages the room (a space admin, a team admin for an ad hoc room). */
  stopRecording: async (_root, args: { pipelineId: string }, context) => {
    const { userId } = requireActor(context);
    const services = context.services;
    const db = services.database.db;
    const recording = await findRecording(db, args.pipelineId);
    const room = recording ? await findCallPlace(db, recording.meetingroomId) : undefined;
    if (!recording || !room || !(await memberMayUse(db, room, userId)) || recording.status !== 'recording')
      throw refusal('NOT_FOUND', 'RECORDING_NOT_FOUND');
    if (!meetingsPolicy.stopRecording(recording, userId, await managesRoom(db, room, userId)))
      throw refusal('PERMISSION_DENIED', 'RECORDING_NOT_YOURS');
    const media = mediaServerOf(services);
    if (recording.transport === 'livekit' && media) await stopEgress(media, recording.id);
    const committed = await services.store.run(
      { actorId: userId, mutationId: context.mutationId, request: context.request },
      async (unit) => {
        await unit.lock(videocallStream(recording.videocallId));
        const current = await findRecording(unit.transaction, recording.id);
        if (!current) return [];
        return await unit.append(videocallStream(current.videocallId), decideStopRecording(roomStateOf(room), current, 'stopped'), {
          teamId: room.teamId,
        });
      },
    );
    announceLeave(services, committed);
    return true;
  },
} satisfies MutationResolvers;

/** LiveKit's egress_ended: the recording is saved where egress wrote it (or failed), once; an unknown egress is ignored. */
export async function recordEgressEnded(services: Services, outcome: EgressOutcome) {
  const { egressId, ...saved } = outcome;
  // Saved on behalf of who started it: a recording that lands in files is theirs.
  const starter = (await findRecording(services.database.db, egressId))?.userId ?? null;
  const committed = await services.store.run({ actorId: starter }, async (unit) => {
    const recording = await findRecording(unit.transaction, egressId);
    const room = recording ? await findCallPlace(unit.transaction, recording.meetingroomId) : undefined;
    if (!recording || !room || recording.status === 'saved' || recording.status === 'failed') return [];
    return await unit.append(
      videocallStream(recording.videocallId),
      [
        {
          type: 'videocall.recordingSaved',
          payload: {
            meetingroomId: room.id,
            teamId: room.teamId,
            projectId: room.projectId,
            videocallId: recording.videocallId,
            recordingId: recording.id,
            ...saved,
          },
        },
      ],
      { teamId: room.teamId },
    );
  });
  announceLeave(services, committed);
}

/** The job that asks LiveKit about recordings whose egress_ended webhook never came. */
export const recordingEndsJob = 'meetings: recording ends not heard';
const recordingEndsIntervalMs = 60_000;
/**
 * How many of the job's intervals a recording LiveKit does not know must have existed before it is taken as failed:
 * two minutes by default, so an egress that was just started is never judged before LiveKit lists it.
 */
const unknownEgressGraceIntervals = 2;

/**
 * A webhook LiveKit sent while the app was down or unreachable is not sent again, and its recording would stay
 * "recording" or "stopped" for good, its file never reaching the space's files. With LiveKit, one job (once per
 * period across the processes) asks LiveKit about each recording whose end is not recorded, and records what the
 * webhook would have: saved with its file, or failed; one LiveKit no longer knows, past a grace, is failed. A
 * webhook that comes after all changes nothing (recordEgressEnded records an end once).
 */
export function startRecordingEndsCheck(services: Services): Cancel {
  const media = mediaServerOf(services);
  if (media === null) return () => undefined;
  const intervalMs = services.config.cluster.jobIntervalsMs.get(recordingEndsJob) ?? recordingEndsIntervalMs;
  return services.jobs.every(recordingEndsJob, intervalMs, () => recordUnheardRecordingEnds(services, media, intervalMs));
}

export async function recordUnheardRecordingEnds(services: Services, media: MediaServer, intervalMs: number): Promise<void> {
  const now = services.store.clock.now().getTime();
  for (const recording of await livekitRecordingsNotEnded(services.database.db)) {
    // LiveKit unreachable: the job tries again next period, and the webhook may still come.
    const known = await media.recordingState(recording.id).catch(() => null);
    if (known === null || known.state === 'running') continue;
    if (known.state === 'ended') {
      await recordEgressEnded(services, known.outcome);
      continue;
    }
    if (Date.parse(recording.createdAt) + unknownEgressGraceIntervals * intervalMs > now) continue;
    await recordEgressEnded(services, {
      egressId: recording.id,
      status: 'failed',
      location: null,
      filename: null,
      size: null,
      durationMs: null,
      error: 'LiveKit no longer knows this recording',
    });
  }
}
