import { EventEmitter } from 'node:events';
import { ConnectionState, DisconnectReason, RoomEvent, Track, type Room } from 'livekit-client';
import { describe, expect, it, vi } from 'vitest';
import { fakeCameraStream, FakeStream, FakeTrack } from './fakePeerConnection';
import { LivekitConnectionError, LivekitTransport } from './LivekitTransport';
import type { Signalling, SignallingEvent } from './signalling';
import { initialParticipantState, type CallEvent, type ParticipantIdentity, type ParticipantState } from './types';

/** The call's server subscription and state mutation in memory: what this side sent, and events delivered to it. */
class FakeServer implements Signalling {
  readonly states: { state: ParticipantState; reaction: string | undefined }[] = [];
  readonly signals: string[] = [];
  private readonly listeners = new Set<(event: SignallingEvent) => void>();
  send(_to: string, signal: string): Promise<void> {
    this.signals.push(signal);
    return Promise.resolve();
  }
  publishState(state: ParticipantState, reaction?: string): Promise<void> {
    this.states.push({ state, reaction });
    return Promise.resolve();
  }
  subscribe(listener: (event: SignallingEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  get subscribers(): number {
    return this.listeners.size;
  }
  deliver(event: SignallingEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

/** A published local track as LiveKit answers it: mute and unmute flip its state (and the track's enabled, as LiveKit does). */
class FakePublication {
  isMuted = false;
  readonly track: { mediaStreamTrack: FakeTrack; replaceTrack: (track: FakeTrack) => Promise<void> };
  constructor(
    track: FakeTrack,
    readonly source: Track.Source,
  ) {
    this.track = {
      mediaStreamTrack: track,
      replaceTrack: async (next: FakeTrack) => {
        this.track.mediaStreamTrack = next;
      },
    };
  }
  async mute() {
    this.isMuted = true;
    this.track.mediaStreamTrack.enabled = false;
  }
  async unmute() {
    this.isMuted = false;
    this.track.mediaStreamTrack.enabled = true;
  }
}

/** The parts of livekit-client's Room the transport uses: connect, publish and unpublish, and the room's events. */
class FakeRoom extends EventEmitter {
  state = ConnectionState.Disconnected;
  connectedWith: { url: string; token: string } | null = null;
  failConnect: Error | null = null;
  /** Screen shares the server refuses (a guest's token has no grant for them). */
  refuseScreen = false;
  disconnects = 0;
  readonly remoteParticipants = new Map<string, unknown>();
  readonly published: FakePublication[] = [];
  readonly localParticipant = {
    publishTrack: async (track: FakeTrack, options: { source: Track.Source }) => {
      if (this.refuseScreen && options.source === Track.Source.ScreenShare) throw new Error('insufficient permissions');
      const publication = new FakePublication(track, options.source);
      this.published.push(publication);
      return publication;
    },
    unpublishTrack: async (track: { mediaStreamTrack: FakeTrack }, stopOnUnpublish: boolean) => {
      expect(stopOnUnpublish).toBe(false);
      const index = this.published.findIndex((publication) => publication.track === track);
      if (index >= 0) this.published.splice(index, 1);
    },
  };
  async connect(url: string, token: string) {
    if (this.failConnect) throw this.failConnect;
    this.connectedWith = { url, token };
    this.state = ConnectionState.Connected;
  }
  async disconnect() {
    this.disconnects += 1;
    this.state = ConnectionState.Disconnected;
  }
  sources(): Track.Source[] {
    return this.published.map((publication) => publication.source);
  }
}

function identity(id: string): ParticipantIdentity {
  return { id, name: `Person ${id}`, userId: `user-${id}`, invitedId: null, profileImg: null };
}

function remoteParticipant(id: string, name = `LiveKit ${id}`, metadata = JSON.stringify({ user: null, invited: `guest-${id}` })) {
  return { identity: id, name, metadata, trackPublications: new Map() };
}

function remoteTrack(kind: 'audio' | 'video', source: Track.Source) {
  const track = new FakeTrack(kind);
  return { track: { mediaStreamTrack: track }, publication: { source }, mediaStreamTrack: track };
}

function setUp(present: string[] = []) {
  const room = new FakeRoom();
  const bus = new FakeServer();
  const events: CallEvent[] = [];
  const transport = new LivekitTransport({
    selfId: 'self',
    url: 'wss://media.example.org',
    token: 'token-of-self',
    signalling: bus,
    present: present.map((id) => ({ participant: identity(id), state: initialParticipantState })),
    createRoom: () => room as unknown as Room,
    createStream: () => new FakeStream() as unknown as MediaStream,
  });
  transport.subscribe((event) => events.push(event));
  return { room, bus, events, transport };
}

async function joined(present: string[] = []) {
  const context = setUp(present);
  const camera = fakeCameraStream();
  context.transport.join({ camera, screen: null });
  await context.transport.whenConnected();
  return { ...context, camera };
}

describe('LivekitTransport', () => {
  it('connects with the attendee token and publishes the set-up screen microphone and camera tracks themselves', async () => {
    const { room, camera } = await joined();
    expect(room.connectedWith).toEqual({ url: 'wss://media.example.org', token: 'token-of-self' });
    expect(room.sources()).toEqual([Track.Source.Microphone, Track.Source.Camera]);
    expect(room.published.map((publication) => publication.track.mediaStreamTrack)).toEqual([
      camera.getAudioTracks()[0],
      camera.getVideoTracks()[0],
    ]);
  });

  it('joins muted when the set-up screen said so: the tracks are published muted', async () => {
    const room = new FakeRoom();
    const transport = new LivekitTransport({
      selfId: 'self',
      url: 'wss://media.example.org',
      token: 'token',
      signalling: new FakeServer(),
      present: [],
      initialState: { audio: false, video: true, screen: false, hand: false },
      createRoom: () => room as unknown as Room,
      createStream: () => new FakeStream() as unknown as MediaStream,
    });
    transport.join({ camera: fakeCameraStream(), screen: null });
    await transport.whenConnected();
    expect(room.published.map((publication) => [publication.source, publication.isMuted])).toEqual([
      [Track.Source.Microphone, true],
      [Track.Source.Camera, false],
    ]);
  });

  it("shows a remote participant's subscribed tracks as its camera and its screen, with the server's name", async () => {
    const { room, transport } = await joined(['b']);
    expect(transport.participants()).toMatchObject([{ id: 'b', name: 'Person b', camera: null, connection: 'connecting' }]);

    const participant = remoteParticipant('b');
    room.emit(RoomEvent.ParticipantConnected, participant);
    const microphone = remoteTrack('audio', Track.Source.Microphone);
    const camera = remoteTrack('video', Track.Source.Camera);
    const screen = remoteTrack('video', Track.Source.ScreenShare);
    for (const track of [microphone, camera, screen]) room.emit(RoomEvent.TrackSubscribed, track.track, track.publication, participant);

    const [remote] = transport.participants();
    expect(remote).toMatchObject({ id: 'b', name: 'Person b', userId: 'user-b', connection: 'connected' });
    expect(remote?.camera?.getTracks()).toEqual([microphone.mediaStreamTrack, camera.mediaStreamTrack]);
    expect(remote?.screen?.getTracks()).toEqual([screen.mediaStreamTrack]);

    room.emit(RoomEvent.TrackUnsubscribed, screen.track, screen.publication, participant);
    expect(transport.participants()[0]?.screen).toBeNull();
    room.emit(RoomEvent.ParticipantDisconnected, participant);
    expect(transport.participants()).toMatchObject([{ id: 'b', camera: null, connection: 'connecting' }]);
  });

  it('names someone the server has not introduced yet by their LiveKit name and metadata, and takes names and states from the server', async () => {
    const { room, bus, transport } = await joined();
    room.emit(RoomEvent.ParticipantConnected, remoteParticipant('c', 'Guest Carol'));
    expect(transport.participants()).toMatchObject([{ id: 'c', name: 'Guest Carol', userId: null, invitedId: 'guest-c' }]);

    bus.deliver({ type: 'joined', participant: identity('c'), state: initialParticipantState });
    await vi.waitFor(() => expect(transport.participants()).toMatchObject([{ id: 'c', name: 'Person c' }]));
    bus.deliver({ type: 'state', participantId: 'c', state: { ...initialParticipantState, audio: false, hand: true } });
    await vi.waitFor(() => expect(transport.participants()[0]?.state).toMatchObject({ audio: false, hand: true }));
  });

  it('those already in the room when this side connects are listed with their tracks', async () => {
    const setup = setUp();
    const participant = remoteParticipant('d');
    const camera = remoteTrack('video', Track.Source.Camera);
    participant.trackPublications.set('sid', { source: Track.Source.Camera, track: camera.track });
    setup.room.remoteParticipants.set('d', participant);
    setup.transport.join({ camera: fakeCameraStream(), screen: null });
    await setup.transport.whenConnected();
    expect(setup.transport.participants()[0]?.camera?.getTracks()).toEqual([camera.mediaStreamTrack]);
  });

  it('mutes and unmutes the published tracks and tells the server the state', async () => {
    const { room, bus, transport } = await joined();
    transport.setState({ audio: false });
    await vi.waitFor(() => expect(room.published[0]?.isMuted).toBe(true));
    expect(room.published[1]?.isMuted).toBe(false);
    await vi.waitFor(() => expect(bus.states.at(-1)).toMatchObject({ state: { audio: false, video: true } }));

    transport.setState({ audio: true, video: false });
    await vi.waitFor(() => expect(room.published.map((publication) => publication.isMuted)).toEqual([false, true]));
    await vi.waitFor(() => expect(bus.states.at(-1)).toMatchObject({ state: { audio: true, video: false } }));
  });

  it('puts a switched device in place of the published track', async () => {
    const { room, camera, transport } = await joined();
    const next = new FakeTrack('video') as unknown as MediaStreamTrack;
    await transport.replaceTrack('video', next);
    expect(room.published[1]?.track.mediaStreamTrack).toBe(next);
    expect(camera.getVideoTracks()).toEqual([next]);
  });

  it('publishes a shared screen as a screen share and unpublishes it when it stops', async () => {
    const { room, bus, transport } = await joined();
    const screen = new FakeStream(undefined, [new FakeTrack('video'), new FakeTrack('audio')]) as unknown as MediaStream;
    transport.startScreenShare(screen);
    await vi.waitFor(() =>
      expect(room.sources()).toEqual([
        Track.Source.Microphone,
        Track.Source.Camera,
        Track.Source.ScreenShare,
        Track.Source.ScreenShareAudio,
      ]),
    );
    await vi.waitFor(() => expect(bus.states.at(-1)).toMatchObject({ state: { screen: true } }));

    transport.stopScreenShare();
    await vi.waitFor(() => expect(room.sources()).toEqual([Track.Source.Microphone, Track.Source.Camera]));
    await vi.waitFor(() => expect(bus.states.at(-1)).toMatchObject({ state: { screen: false } }));
  });

  it('a refused screen share (a guest) is taken back: nothing stays published and the state says no screen', async () => {
    const { room, bus, transport } = await joined();
    room.refuseScreen = true;
    transport.startScreenShare(new FakeStream(undefined, [new FakeTrack('video')]) as unknown as MediaStream);
    await vi.waitFor(() => expect(bus.states.at(-1)).toMatchObject({ state: { screen: false } }));
    expect(bus.states.some((state) => state.state.screen)).toBe(true);
    expect(room.sources()).toEqual([Track.Source.Microphone, Track.Source.Camera]);
  });

  it('sends reactions through the server and hands on those of others', async () => {
    const { bus, events, transport } = await joined();
    transport.sendReaction('🎉');
    await vi.waitFor(() => expect(bus.states.at(-1)).toMatchObject({ reaction: '🎉' }));
    bus.deliver({ type: 'reaction', participantId: 'b', emoji: '👍' });
    expect(events).toContainEqual({ type: 'reaction', participantId: 'b', emoji: '👍' });
  });

  it('leaving disconnects from the media server and closes the call subscription', async () => {
    const { room, bus, events, transport } = await joined();
    expect(bus.subscribers).toBe(1);
    transport.leave();
    expect(room.disconnects).toBe(1);
    expect(bus.subscribers).toBe(0);
    expect(events.at(-1)).toEqual({ type: 'ended', reason: 'left' });
  });

  it('a failed connection rejects with a clear error and ends the call as lost', async () => {
    const setup = setUp();
    setup.room.failConnect = new Error('could not establish signal connection');
    setup.transport.join({ camera: fakeCameraStream(), screen: null });
    const failure = setup.transport.whenConnected();
    await expect(failure).rejects.toBeInstanceOf(LivekitConnectionError);
    await expect(failure).rejects.toThrow('Could not connect to the media server: could not establish signal connection');
    expect(setup.events.at(-1)).toEqual({ type: 'ended', reason: 'lost' });
    expect(setup.room.published).toEqual([]);
  });

  it('the media server ending the room or removing this participant ends the call with that reason', async () => {
    const finished = await joined();
    finished.room.emit(RoomEvent.Disconnected, DisconnectReason.ROOM_DELETED);
    expect(finished.events.at(-1)).toEqual({ type: 'ended', reason: 'finished' });

    const removed = await joined();
    removed.room.emit(RoomEvent.Disconnected, DisconnectReason.PARTICIPANT_REMOVED);
    expect(removed.events.at(-1)).toEqual({ type: 'ended', reason: 'removed' });
  });

  it('shows participants as reconnecting while the media connection is being restored', async () => {
    const { room, transport } = await joined();
    room.emit(RoomEvent.ParticipantConnected, remoteParticipant('b'));
    room.emit(RoomEvent.Reconnecting);
    expect(transport.participants()[0]?.connection).toBe('reconnecting');
    room.emit(RoomEvent.Reconnected);
    expect(transport.participants()[0]?.connection).toBe('connected');
  });
});
