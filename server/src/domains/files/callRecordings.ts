import { fileKindFromMimeType } from '#shared/files';
import type { Reaction } from '../../core/commands';
import { newId } from '../../core/ids';
import { recordingPrefix, type RecordingSaved } from '../meetings';
import type { FileEvent } from './events';
import { fileStream } from './events';

/**
 * Objects LiveKit egress wrote into the app's bucket. They are not storage keys of uploads
 * (`<team>/<upload>`), so the storage sweep and the backup, which list only those, leave them alone.
 */
export function isCallRecordingKey(key: string): boolean {
  return key.startsWith(`${recordingPrefix}/`);
}

/** The recording's file name as people see it in files: the call's start day and time. */
export function recordingFileName(savedAt: Date): string {
  return `Call recording ${savedAt.toISOString().slice(0, 16).replace('T', ' ')}.mp4`;
}

/**
 * A call of a space's meeting room recorded on LiveKit lands in that space's files, as the video of who
 * started the recording, once egress saved it into the app's bucket. A recording egress kept on its own
 * disk (no S3 storage), or of an ad hoc room (no space), stays on its recording row only.
 */
export const callRecordingsLandInFiles: Reaction = {
  name: 'files: a call recording saved in the bucket becomes a file of its space',
  on: ['videocall.recordingSaved'],
  async react(unit, event) {
    const saved = event.payload as RecordingSaved;
    if (saved.status !== 'complete' || saved.projectId === null || unit.actorId === null) return;
    if (saved.filename === null || !isCallRecordingKey(saved.filename) || saved.size === null) return;
    const fileId = newId(unit.now.getTime());
    const created: FileEvent = {
      type: 'file.created',
      payload: {
        fileId,
        teamId: saved.teamId,
        projectId: saved.projectId,
        taskId: null,
        privatId: null,
        folderId: null,
        name: recordingFileName(unit.now),
        mimeType: 'video/mp4',
        kind: fileKindFromMimeType('video/mp4'),
        size: saved.size,
        location: saved.filename,
        thumbnail: null,
        preview: null,
        width: null,
        height: null,
        duration: saved.durationMs === null ? null : saved.durationMs / 1000,
        text: null,
        story: false,
      },
    };
    await unit.append(fileStream(fileId), [created], { teamId: saved.teamId });
  },
};
