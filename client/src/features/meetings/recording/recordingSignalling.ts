/**
 * The mesh's signalling (graphqlSignalling) with one difference: the call's subscription also asks for `recording`
 * changes and hands them to the recording, so one subscription serves both (a second one's end would make the attendee
 * leave).
 */
import { subscribe } from '../../../lib/subscriptions';
import { graphqlSignalling, signallingEventOf } from '../call/graphqlSignalling';
import type { Signalling } from '../call/signalling';
import { subVideocallWithRecordingDocument, type CallRecordingInfo } from './operations';

export function recordingSignalling(videocall: string, attendee: string, onRecording: (recording: CallRecordingInfo) => void): Signalling {
  const base = graphqlSignalling(videocall, attendee);
  return {
    send: base.send,
    publishState: base.publishState,
    subscribe(listener) {
      let ended = false;
      const unsubscribe = subscribe(subVideocallWithRecordingDocument, { videocall, attendee }, (data) => {
        const change = data.subVideocall;
        if (change.type === 'recording' && change.recording) onRecording(change.recording);
        for (const event of signallingEventOf(change)) {
          if (event.type === 'ended') ended = true;
          listener(event);
        }
      });
      return () => {
        if (!ended) unsubscribe();
      };
    },
  };
}
