/**
 * The mesh's signalling over the product's API: signals and states through mutations, everything else through the
 * call's subscription (subVideocall), which also makes this attendee present while it is open.
 */
import { request } from '../../../lib/graphql';
import { subscribe } from '../../../lib/subscriptions';
import {
  setVideocallStateDocument,
  signalVideocallDocument,
  subVideocallDocument,
  type MeetingParticipant,
  type VideocallChange,
} from '../operations';
import type { Signalling, SignallingEvent } from './signalling';
import type { ParticipantIdentity, ParticipantState } from './types';

export function identityOf(participant: MeetingParticipant): ParticipantIdentity {
  return {
    id: participant.id,
    name: participant.name,
    userId: participant.user ?? null,
    invitedId: participant.invited ?? null,
    profileImg: participant.profileImg ?? null,
  };
}

export function stateOf(participant: MeetingParticipant): ParticipantState {
  return { audio: participant.audio, video: participant.video, screen: participant.screen, hand: participant.hand };
}

/** The transport's view of one change of the call; null for what it does not use. */
export function signallingEventOf(change: VideocallChange): SignallingEvent[] {
  const participant = change.participant;
  switch (change.type) {
    case 'joined':
      return participant ? [{ type: 'joined', participant: identityOf(participant), state: stateOf(participant) }] : [];
    case 'left':
      return participant ? [{ type: 'left', participantId: participant.id }] : [];
    case 'state': {
      if (!participant) return [];
      const events: SignallingEvent[] = [{ type: 'state', participantId: participant.id, state: stateOf(participant) }];
      if (change.reaction) events.push({ type: 'reaction', participantId: participant.id, emoji: change.reaction });
      return events;
    }
    case 'signal':
      return change.from && change.signal ? [{ type: 'signal', from: change.from, signal: change.signal }] : [];
    case 'finished':
      return [{ type: 'ended', reason: 'finished' }];
    default:
      return [];
  }
}

export function graphqlSignalling(videocall: string, attendee: string): Signalling {
  return {
    async send(to, signal) {
      await request(signalVideocallDocument, { videocall, from: attendee, to, signal }, { handledByCaller: true });
    },
    async publishState(state, reaction) {
      await request(
        setVideocallStateDocument,
        { videocall, attendee, ...state, ...(reaction ? { reaction } : {}) },
        { handledByCaller: true },
      );
    },
    subscribe(listener) {
      let ended = false;
      const unsubscribe = subscribe(subVideocallDocument, { videocall, attendee }, (data) => {
        for (const event of signallingEventOf(data.subVideocall)) {
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
