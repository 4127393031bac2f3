// The browser side of the mesh measurement (bench/meetings-mesh.ts): what runs inside each Chromium page, and how the
// machine's CPU is read from /proc while the call runs.
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Put into every page before the app loads: keeps each RTCPeerConnection the app makes so its getStats can be read.
 * The app's mesh transport calls `new RTCPeerConnection(...)` on the global, so a subclass there sees every one.
 */
export const keepPeerConnections = () => {
  const Original = window.RTCPeerConnection;
  const kept: RTCPeerConnection[] = [];
  (window as unknown as { meshConnections: RTCPeerConnection[] }).meshConnections = kept;
  window.RTCPeerConnection = class extends Original {
    constructor(configuration?: RTCConfiguration) {
      super(configuration);
      kept.push(this);
    }
  } as typeof RTCPeerConnection;
};

/** One inbound video stream at one moment, as the page's getStats tells it. */
export interface InboundSample {
  /** The peer connection's index in the page and the stream's id: one remote camera. */
  stream: string;
  framesDecoded: number;
  framesReceived: number;
  frameWidth: number;
  frameHeight: number;
  packetsReceived: number;
  packetsLost: number;
  totalFreezesDuration: number;
  freezeCount: number;
  roundTripTime: number | null;
}

export interface PageSample {
  at: number;
  streams: InboundSample[];
  /** What the page's own camera track really delivers (the app asks 1280x720 ideal). */
  sentWidth: number | null;
  sentHeight: number | null;
  sentFrameRate: number | null;
  /** Why the encoders send less than the camera gives ('cpu', 'bandwidth'), from the outbound video stats. */
  limitations: string[];
  connected: number;
}

/** Runs in the page: one sample of every open connection's inbound camera video. */
export const samplePage = async (): Promise<PageSample> => {
  const connections = (window as unknown as { meshConnections?: RTCPeerConnection[] }).meshConnections ?? [];
  const streams: InboundSample[] = [];
  let sentWidth: number | null = null;
  let sentHeight: number | null = null;
  let sentFrameRate: number | null = null;
  const limitations: string[] = [];
  let connected = 0;
  for (const [index, connection] of connections.entries()) {
    if (connection.connectionState === 'closed') continue;
    if (connection.connectionState === 'connected') connected += 1;
    for (const sender of connection.getSenders()) {
      if (sender.track?.kind !== 'video') continue;
      const settings = sender.track.getSettings();
      sentWidth = settings.width ?? null;
      sentHeight = settings.height ?? null;
      sentFrameRate = settings.frameRate ?? null;
    }
    const report = await connection.getStats();
    let roundTripTime: number | null = null;
    report.forEach((entry: Record<string, unknown>) => {
      if (entry.type === 'candidate-pair' && entry.nominated && typeof entry.currentRoundTripTime === 'number')
        roundTripTime = entry.currentRoundTripTime;
    });
    report.forEach((entry: Record<string, unknown>) => {
      if (entry.type === 'outbound-rtp' && entry.kind === 'video' && typeof entry.qualityLimitationReason === 'string')
        limitations.push(entry.qualityLimitationReason);
      if (entry.type !== 'inbound-rtp' || entry.kind !== 'video') return;
      const number = (key: string) => (typeof entry[key] === 'number' ? (entry[key] as number) : 0);
      streams.push({
        stream: `${index}:${String(entry.trackIdentifier ?? entry.id)}`,
        framesDecoded: number('framesDecoded'),
        framesReceived: number('framesReceived'),
        frameWidth: number('frameWidth'),
        frameHeight: number('frameHeight'),
        packetsReceived: number('packetsReceived'),
        packetsLost: number('packetsLost'),
        totalFreezesDuration: number('totalFreezesDuration'),
        freezeCount: number('freezeCount'),
        roundTripTime,
      });
    });
  }
  return { at: performance.now(), streams, sentWidth, sentHeight, sentFrameRate, limitations, connected };
};

const clockTicksPerSecond = 100;

/** Every process under `root` (itself included), from /proc's parent links. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      (children.get(parent) ?? children.set(parent, []).get(parent)!).push(Number(name));
    } catch {
      // The process ended while the list was read.
    }
  }
  const tree: number[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    tree.push(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** CPU seconds (user + system) used so far by `root` and everything it started. */
export function cpuSecondsOfTree(root: number): number {
  let ticks = 0;
  for (const pid of processTree(root)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone meanwhile.
    }
  }
  return ticks / clockTicksPerSecond;
}

/** The whole machine's busy and total ticks (every core), to tell the share of it that was busy. */
export function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}
