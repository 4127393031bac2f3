// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockGraphQL } from '../../../test/graphqlMock';
import { RecordingSession } from './recordingSession';

afterEach(() => vi.unstubAllGlobals());

describe('RecordingSession on a media server (LiveKit)', () => {
  it('starts and stops the server’s recording without recording in this tab (happy-dom has no MediaRecorder)', async () => {
    const graphql = mockGraphQL({
      startRecording: () => ({ data: { startRecording: 'EG_1' } }),
      stopRecording: () => ({ data: { stopRecording: true } }),
    });
    const session = new RecordingSession({
      videocall: 'v1',
      attendee: 'a1',
      place: { meetingroom: 'r1' },
      roomName: 'Room',
      sources: () => [],
      recordsOnServer: true,
    });
    expect(session.supported).toBe(true);
    await session.start();
    expect(session.snapshot().phase).toBe('recording');
    await session.stop();
    expect(graphql.callsOf('stopRecording').map((call) => call.variables)).toEqual([{ pipelineId: 'EG_1' }]);
    expect(session.snapshot().phase).toBe('idle');
    expect(graphql.callsOf('setFile')).toEqual([]);
  });
});
