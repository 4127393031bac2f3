import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createFakePeerConnection,
  fakeCameraStream,
  FakePeerConnection,
  FakeSignallingBus,
  FakeStream,
  FakeTrack,
} from './fakePeerConnection';
import { MeshTransport } from './MeshTransport';
import { connectTimeoutMs } from './peerLink';
import { initialParticipantState, type CallEvent, type ParticipantIdentity } from './types';

function identity(id: string): ParticipantIdentity {
  return { id, name: `Person ${id}`, userId: `user-${id}`, invitedId: null, profileImg: null };
}

function transport(bus: FakeSignallingBus, selfId: string, present: string[]) {
  return new MeshTransport({
    selfId,
    iceServers: [{ urls: 'stun:stun.example.org' }],
    signalling: bus.for(selfId),
    present: present.map((id) => ({ participant: identity(id), state: initialParticipantState })),
    createPeerConnection: createFakePeerConnection,
  });
}

/** Brings a newcomer into a call: it joins with its media (its subscription opens), then the server tells those present. */
function arrive(bus: FakeSignallingBus, selfId: string, present: MeshTransport[]) {
  const newcomer = transport(
    bus,
    selfId,
    present.map((other) => other.selfId),
  );
  const camera = fakeCameraStream();
  newcomer.join({ camera, screen: null });
  for (const other of present) bus.deliver(other.selfId, { type: 'joined', participant: identity(selfId), state: initialParticipantState });
  return { transport: newcomer, camera };
}

function cameraOf(call: MeshTransport, remoteId: string) {
  return call.participants().find((participant) => participant.id === remoteId)?.camera?.id;
}

afterEach(() => {
  FakePeerConnection.all.length = 0;
  FakePeerConnection.connects = true;
  FakePeerConnection.remoteDescriptionDelayMs = 0;
  vi.useRealTimers();
});

describe('MeshTransport', () => {
  it('connects two participants: each receives the other camera stream, and both links end stable', async () => {
    const bus = new FakeSignallingBus();
    const first = arrive(bus, 'a', []);
    const second = arrive(bus, 'b', [first.transport]);

    await vi.waitFor(() => {
      expect(cameraOf(first.transport, 'b')).toBe(second.camera.id);
      expect(cameraOf(second.transport, 'a')).toBe(first.camera.id);
    });
    expect(FakePeerConnection.all).toHaveLength(2);
    for (const connection of FakePeerConnection.all) {
      expect(connection.signalingState).toBe('stable');
      expect(connection.connectionState).toBe('connected');
      expect(connection.configuration.iceServers).toEqual([{ urls: 'stun:stun.example.org' }]);
    }
    expect(first.transport.participants()[0]).toMatchObject({ id: 'b', name: 'Person b', connection: 'connected' });
  });

  it('the newcomer never offers first: those already there offer once the server says it joined', async () => {
    const bus = new FakeSignallingBus();
    const first = arrive(bus, 'a', []);
    const second = arrive(bus, 'b', [first.transport]);
    await vi.waitFor(() => expect(cameraOf(second.transport, 'a')).toBeDefined());
    const firstOffer = bus.sent.find((message) => message.signal.includes('"type":"offer"'));
    expect(firstOffer).toMatchObject({ from: 'a', to: 'b' });
  });

  it('the newcomer answers the first offer before it offers anything: its own offer would be rolled back (Chromium then gathers nothing)', async () => {
    // As in a browser, the offer takes a while to apply: the newcomer's own tracks ask for an offer meanwhile.
    FakePeerConnection.remoteDescriptionDelayMs = 5;
    const bus = new FakeSignallingBus();
    const first = arrive(bus, 'a', []);
    const second = arrive(bus, 'b', [first.transport]);
    await vi.waitFor(() => expect(cameraOf(first.transport, 'b')).toBe(second.camera.id));
    const fromNewcomer = bus.sent.filter((message) => message.from === 'b' && message.signal.includes('"kind":"description"'));
    expect(fromNewcomer[0]?.signal).toContain('"type":"answer"');
    for (const connection of FakePeerConnection.all) expect(connection.rollbacks).toBe(0);
  });

  it('a newcomer alone in the call makes no connection until someone offers', async () => {
    const bus = new FakeSignallingBus();
    const call = transport(bus, 'b', ['a']);
    call.join({ camera: fakeCameraStream(), screen: null });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(FakePeerConnection.all).toHaveLength(0);
    expect(call.participants()).toMatchObject([{ id: 'a', camera: null, connection: 'connecting' }]);
  });

  it('settles offers made at the same time (glare): the polite side rolls back, both end with the other media', async () => {
    const bus = new FakeSignallingBus();
    // Each is told the other joined, so both offer at once.
    const first = transport(bus, 'a', []);
    const second = transport(bus, 'b', []);
    const firstCamera = fakeCameraStream();
    const secondCamera = fakeCameraStream();
    first.join({ camera: firstCamera, screen: null });
    second.join({ camera: secondCamera, screen: null });
    bus.deliver('a', { type: 'joined', participant: identity('b'), state: initialParticipantState });
    bus.deliver('b', { type: 'joined', participant: identity('a'), state: initialParticipantState });

    await vi.waitFor(() => {
      expect(cameraOf(first, 'b')).toBe(secondCamera.id);
      expect(cameraOf(second, 'a')).toBe(firstCamera.id);
      for (const connection of FakePeerConnection.all) expect(connection.signalingState).toBe('stable');
    });
    const [connectionOfA, connectionOfB] = FakePeerConnection.all;
    // 'b' > 'a': b is polite and gives way; a never rolls back.
    expect(connectionOfB?.rollbacks).toBeGreaterThan(0);
    expect(connectionOfA?.rollbacks).toBe(0);
  });

  it('connects a full mesh of three: everyone receives both others', async () => {
    const bus = new FakeSignallingBus();
    const first = arrive(bus, 'a', []);
    const second = arrive(bus, 'b', [first.transport]);
    await vi.waitFor(() => expect(cameraOf(second.transport, 'a')).toBe(first.camera.id));
    const third = arrive(bus, 'c', [first.transport, second.transport]);

    await vi.waitFor(() => {
      expect(cameraOf(third.transport, 'a')).toBe(first.camera.id);
      expect(cameraOf(third.transport, 'b')).toBe(second.camera.id);
      expect(cameraOf(first.transport, 'c')).toBe(third.camera.id);
      expect(cameraOf(second.transport, 'c')).toBe(third.camera.id);
    });
    expect(FakePeerConnection.all).toHaveLength(6);
  });

  it('renegotiates a screen share: the other side gets it as the screen, not the camera, and loses it when it stops', async () => {
    const bus = new FakeSignallingBus();
    const first = arrive(bus, 'a', []);
    const second = arrive(bus, 'b', [first.transport]);
    await vi.waitFor(() => expect(cameraOf(first.transport, 'b')).toBe(second.camera.id));

    const screen = new FakeStream(undefined, [new FakeTrack('video')]) as unknown as MediaStream;
    second.transport.startScreenShare(screen);
    await vi.waitFor(() => {
      const remote = first.transport.participants()[0];
      expect(remote?.screen?.id).toBe(screen.id);
      expect(remote?.camera?.id).toBe(second.camera.id);
      expect(remote?.state.screen).toBe(true);
    });

    second.transport.stopScreenShare();
    await vi.waitFor(() => {
      const remote = first.transport.participants()[0];
      expect(remote?.screen).toBeNull();
      expect(remote?.state.screen).toBe(false);
    });
  });

  it('mutes by disabling the microphone track and tells the others', async () => {
    const bus = new FakeSignallingBus();
    const first = arrive(bus, 'a', []);
    const second = arrive(bus, 'b', [first.transport]);
    await vi.waitFor(() => expect(cameraOf(first.transport, 'b')).toBeDefined());

    second.transport.setState({ audio: false });
    expect(second.camera.getAudioTracks()[0]?.enabled).toBe(false);
    expect(second.camera.getVideoTracks()[0]?.enabled).toBe(true);
    await vi.waitFor(() => expect(first.transport.participants()[0]?.state).toMatchObject({ audio: false, video: true }));
  });

  it('switches a device by replacing the sent track, without a new offer', async () => {
    const bus = new FakeSignallingBus();
    const first = arrive(bus, 'a', []);
    const second = arrive(bus, 'b', [first.transport]);
    await vi.waitFor(() => expect(cameraOf(first.transport, 'b')).toBeDefined());
    const connectionOfB = FakePeerConnection.all.find((connection) =>
      connection.senders.some((sender) => sender.streamId === second.camera.id),
    );
    const offersBefore = connectionOfB?.offersMade;

    const newCamera = new FakeTrack('video');
    await second.transport.replaceTrack('video', newCamera as unknown as MediaStreamTrack);
    expect(connectionOfB?.senders.map((sender) => sender.track)).toContain(newCamera);
    expect(second.camera.getVideoTracks()).toEqual([newCamera]);
    expect(connectionOfB?.offersMade).toBe(offersBefore);
  });

  it('passes reactions on', async () => {
    const bus = new FakeSignallingBus();
    const first = arrive(bus, 'a', []);
    const second = arrive(bus, 'b', [first.transport]);
    const events: CallEvent[] = [];
    first.transport.subscribe((event) => events.push(event));
    second.transport.sendReaction('🎉');
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'reaction', participantId: 'b', emoji: '🎉' }));
  });

  it('closes the link of a participant who left, and everything when removed from the call', async () => {
    const bus = new FakeSignallingBus();
    const first = arrive(bus, 'a', []);
    const second = arrive(bus, 'b', [first.transport]);
    await vi.waitFor(() => expect(cameraOf(first.transport, 'b')).toBeDefined());
    const events: CallEvent[] = [];
    second.transport.subscribe((event) => events.push(event));

    bus.deliver('a', { type: 'left', participantId: 'b' });
    await vi.waitFor(() => expect(first.transport.participants()).toEqual([]));

    bus.deliver('b', { type: 'ended', reason: 'removed' });
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'ended', reason: 'removed' }));
    expect(second.transport.participants()).toEqual([]);
    expect(FakePeerConnection.all.every((connection) => connection.signalingState === 'closed')).toBe(true);
  });

  it('restarts ICE when a connection fails instead of giving up', async () => {
    const bus = new FakeSignallingBus();
    const first = arrive(bus, 'a', []);
    const second = arrive(bus, 'b', [first.transport]);
    await vi.waitFor(() => expect(cameraOf(first.transport, 'b')).toBeDefined());
    // The one already there made the first connection.
    const connectionOfB = FakePeerConnection.all[1];
    connectionOfB?.fail();
    expect(connectionOfB?.iceRestarts).toBe(1);
    expect(second.transport.participants()[0]?.connection).toBe('reconnecting');
  });

  it('ignores malformed signals and signals claiming to come from itself', async () => {
    const bus = new FakeSignallingBus();
    const first = arrive(bus, 'a', []);
    bus.deliver('a', { type: 'signal', from: 'x', signal: 'not json' });
    bus.deliver('a', { type: 'signal', from: 'y', signal: JSON.stringify({ kind: 'description', description: { type: 'bogus' } }) });
    bus.deliver('a', { type: 'signal', from: 'a', signal: JSON.stringify({ kind: 'streams', camera: null, screen: null }) });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(FakePeerConnection.all).toHaveLength(0);
    expect(first.transport.participants()).toEqual([]);
  });

  it('keeps a candidate that overtook its description and adds it once the description is set', async () => {
    const bus = new FakeSignallingBus();
    const call = transport(bus, 'z', []);
    call.join({ camera: fakeCameraStream(), screen: null });
    const candidate = { candidate: 'candidate:early', sdpMid: '0' };
    bus.deliver('z', { type: 'signal', from: 'b', signal: JSON.stringify({ kind: 'candidate', candidate }) });
    bus.deliver('z', {
      type: 'signal',
      from: 'b',
      signal: JSON.stringify({ kind: 'description', description: { type: 'offer', sdp: '[]' } }),
    });
    await vi.waitFor(() => expect(FakePeerConnection.all[0]?.addedCandidates).toEqual([candidate]));
    expect(FakePeerConnection.all[0]?.remoteDescription).toMatchObject({ type: 'offer' });
  });

  it('sends the signals for one participant one after the other, so they reach the server in order', async () => {
    const bus = new FakeSignallingBus();
    const steps: string[] = [];
    let sent = 0;
    const signalling = bus.for('a');
    const slow = {
      ...signalling,
      send: async (to: string, signal: string) => {
        const index = sent++;
        steps.push(`start ${index}`);
        // Earlier signals take longer: without ordering, later ones would overtake them.
        await new Promise((resolve) => setTimeout(resolve, 20 - Math.min(index, 4) * 4));
        steps.push(`end ${index}`);
        await signalling.send(to, signal);
      },
    };
    const call = new MeshTransport({
      selfId: 'a',
      iceServers: [],
      signalling: slow,
      present: [],
      createPeerConnection: createFakePeerConnection,
    });
    call.join({ camera: fakeCameraStream(), screen: null });
    bus.deliver('a', { type: 'joined', participant: identity('b'), state: initialParticipantState });
    await vi.waitFor(() => expect(sent).toBeGreaterThanOrEqual(3));
    await vi.waitFor(() => expect(steps.filter((step) => step.startsWith('end'))).toHaveLength(sent));
    for (let index = 0; index < sent; index += 1) {
      expect(steps.indexOf(`end ${index}`)).toBe(steps.indexOf(`start ${index}`) + 1);
    }
  });

  it('restarts ICE when a negotiated connection does not come up in time (candidates lost on the way)', async () => {
    vi.useFakeTimers();
    FakePeerConnection.connects = false;
    const bus = new FakeSignallingBus();
    const first = arrive(bus, 'a', []);
    const second = arrive(bus, 'b', [first.transport]);
    await vi.advanceTimersByTimeAsync(100);
    expect(cameraOf(second.transport, 'a')).toBe(first.camera.id);
    expect(FakePeerConnection.all.every((connection) => connection.iceRestarts === 0)).toBe(true);
    await vi.advanceTimersByTimeAsync(connectTimeoutMs);
    expect(FakePeerConnection.all.some((connection) => connection.iceRestarts > 0)).toBe(true);
  });

  it('does not restart a connection that came up', async () => {
    vi.useFakeTimers();
    const bus = new FakeSignallingBus();
    const first = arrive(bus, 'a', []);
    arrive(bus, 'b', [first.transport]);
    await vi.advanceTimersByTimeAsync(connectTimeoutMs * 2);
    expect(FakePeerConnection.all.every((connection) => connection.iceRestarts === 0)).toBe(true);
  });
});
