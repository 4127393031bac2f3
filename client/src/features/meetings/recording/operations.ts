/** Recording a call (meetings API "Recording"): start, stop, and the call's subscription with its recording changes. */
import { graphql, type ResultOf } from '../../../lib/graphqlDocument';

const participantFragment = graphql(
  'fragment RecordingCallParticipant on MeetingParticipant { id user invited name profileImg audio video screen hand }',
);

const recordingFragment = graphql(
  'fragment CallRecording on VideocallRecording { id active status transport startedBy startedByName attendee createdAt stoppedAt }',
);

export type CallRecordingInfo = ResultOf<typeof recordingFragment>;

export const startRecordingDocument = graphql('mutation StartRecording($videocall: ID!) { startRecording(videocall: $videocall) }');

export const stopRecordingDocument = graphql('mutation StopRecording($pipelineId: String!) { stopRecording(pipelineId: $pipelineId) }');

/** The call's space or private chat (where its recording is kept) and its running recording, for someone who just joined. */
export const callRecordingDocument = graphql(
  `
    query CallRecording($meetingroom: ID, $privat: ID) {
      getVideocalls(meetingroom: $meetingroom, privat: $privat) {
        id
        project
        privat
        recording {
          ...CallRecording
        }
      }
    }
  `,
  [recordingFragment],
);

/** subVideocall as the mesh needs it, plus the recording of `recording` changes. */
export const subVideocallWithRecordingDocument = graphql(
  `
    subscription SubVideocallWithRecording($videocall: ID!, $attendee: ID!) {
      subVideocall(videocall: $videocall, attendee: $attendee) {
        type
        videocall
        reaction
        from
        signal
        participant {
          ...RecordingCallParticipant
        }
        recording {
          ...CallRecording
        }
      }
    }
  `,
  [participantFragment, recordingFragment],
);
