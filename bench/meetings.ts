// Meetings benchmark: the server side of calls, over the product's own GraphQL (HTTP mutations, graphql-ws subscriptions).
//   1. Signalling: signalVideocall from one attendee to delivery in the other's subVideocall (what carries offers, answers
//      and ICE candidates of peer-to-peer calls), one at a time (p50/p99) and 20 in flight (signals per second).
//   2. joinVideocall latency (a new call in a fresh room, then leaveVideocall) with K four-person calls running, every
//      attendee's subVideocall open.
//   3. State and reaction fan-out: in each of the K four-person calls one attendee sends setVideocallState (a reaction),
//      all calls at once; time to delivery at the three others (p50/p99) and deliveries per second.
// The server runs as `npm start` does, in its own process; this process plays the people (4 accounts, one socket each,
// every attendee's subscription on its person's socket). Prints figures; asserts nothing.
// Settings: MEETINGS_CALLS (K steps, default "0,25,100").
import { rmSync } from 'node:fs';
import type { Client } from 'graphql-ws';
import { subscriptionClient } from '../tests/integration/harness';
import {
  call,
  inBatches,
  loadAverage,
  milliseconds,
  percentile,
  residentBytes,
  spaceWithMembers,
  startBenchServer,
  synchronousFromEnvironment,
  wait,
  type BenchAccount,
} from './support';

const callSteps = (process.env.MEETINGS_CALLS ?? '0,25,100').split(',').map(Number);
const synchronous = synchronousFromEnvironment();
const { dataDirectory, server, database, target } = await startBenchServer('meetings', synchronous, { RATE_LIMITS: 'false' });
const serverRss = () => residentBytes(server.child.pid);

console.log(`Meetings benchmark (server in its own process, ${database.label}; load average at start ${loadAverage()})`);
console.log(
  '  No peer is measured: calls are signalled over the product’s own GraphQL subscriptions, and no other implementation of that protocol exists to run the same load against (LiveKit signals its own calls on its own server).',
);
const { admin, members } = await spaceWithMembers(target, 3);
const people: BenchAccount[] = [admin, ...members];

interface Notice {
  type: string;
  videocall: string;
  from: string | null;
  signal: string | null;
  reaction: string | null;
  participant: { id: string } | null;
}
/** When each notice arrived, by `<attendee>|<what>`: a signal by its text, a state by its sender and reaction. */
const arrivals = new Map<string, number>();
const sockets = new Map<BenchAccount, Client>();
for (const person of people) sockets.set(person, subscriptionClient(target, { cookie: person.client.cookieHeader() }));

const subVideocall = `subscription ($videocall: ID!, $attendee: ID!) { subVideocall(videocall: $videocall, attendee: $attendee) {
  type videocall from signal reaction participant { id } } }`;

interface Attendee {
  person: BenchAccount;
  videocall: string;
  id: string;
}

async function newRoom(name: string): Promise<string> {
  return (
    await call<{ initiateMeetingroom: { id: string } }>(
      admin.client,
      'mutation ($name: String) { initiateMeetingroom(name: $name) { id } }',
      { name },
    )
  ).initiateMeetingroom.id;
}

async function join(person: BenchAccount, meetingroom: string): Promise<Attendee> {
  const { joinVideocall } = await call<{ joinVideocall: { id: string; attendee: { id: string } } }>(
    person.client,
    'mutation ($meetingroom: ID) { joinVideocall(meetingroom: $meetingroom) { id attendee { id } } }',
    { meetingroom },
  );
  return { person, videocall: joinVideocall.id, id: joinVideocall.attendee.id };
}

/** Opens the attendee's subVideocall on its person's socket (which makes it present) and records what arrives. */
function listen(attendee: Attendee): void {
  sockets.get(attendee.person)!.subscribe<{ subVideocall: Notice }>(
    { query: subVideocall, variables: { videocall: attendee.videocall, attendee: attendee.id } },
    {
      next: (value) => {
        const notice = value.data?.subVideocall;
        if (!notice) return;
        const now = performance.now();
        if (notice.type === 'signal') arrivals.set(`${attendee.id}|signal|${notice.signal}`, now);
        if (notice.type === 'state' && notice.reaction)
          arrivals.set(`${attendee.id}|state|${notice.participant?.id}|${notice.reaction}`, now);
      },
      error: (error) => console.error('  a call subscription failed:', error),
      complete: () => undefined,
    },
  );
}

async function arrived(key: string, timeoutMs = 30_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const at = arrivals.get(key);
    if (at !== undefined) return at;
    if (performance.now() - started > timeoutMs) throw new Error(`nothing arrived for ${key}`);
    await wait(1);
  }
}

const signal = (from: Attendee, to: Attendee, text: string) =>
  call(
    from.person.client,
    'mutation ($videocall: ID!, $from: ID!, $to: ID!, $signal: String!) { signalVideocall(videocall: $videocall, from: $from, to: $to, signal: $signal) }',
    {
      videocall: from.videocall,
      from: from.id,
      to: to.id,
      signal: text,
    },
  );

// 1. Signalling between two attendees of one call.
const pairRoom = await newRoom('Signalling');
const caller = await join(admin, pairRoom);
const callee = await join(members[0]!, pairRoom);
listen(caller);
listen(callee);
// A candidate-sized signal, like the ICE candidates that make most of a call's signalling.
const candidate = (index: number) =>
  JSON.stringify({
    candidate: {
      candidate: `candidate:${index} 1 udp 2122260223 192.168.1.20 5${String(index % 10000).padStart(4, '0')} typ host generation 0`,
      sdpMid: '0',
      sdpMLineIndex: 0,
    },
  });
for (let attempt = 0; ; attempt += 1) {
  // The callee's subscription is open once a signal reaches it.
  await signal(caller, callee, `warm-up ${attempt}`);
  const reached = await arrived(`${callee.id}|signal|warm-up ${attempt}`, 2000).then(
    () => true,
    () => false,
  );
  if (reached) break;
}
const signalSamples: number[] = [];
for (let index = 0; index < 300; index += 1) {
  const text = candidate(index);
  const sent = performance.now();
  await signal(caller, callee, text);
  signalSamples.push((await arrived(`${callee.id}|signal|${text}`)) - sent);
}
console.log(
  `  signalVideocall to delivery in the other attendee's subVideocall, one at a time (300): p50 ${milliseconds(percentile(signalSamples, 0.5))}, p99 ${milliseconds(percentile(signalSamples, 0.99))}`,
);
const burst = Array.from({ length: 1000 }, (_, index) => `burst ${index} ${candidate(index)}`);
const burstStarted = performance.now();
const burstSent = new Map<string, number>();
await inBatches(burst, 20, async (text) => {
  burstSent.set(text, performance.now());
  await signal(caller, callee, text);
});
const burstDelays: number[] = [];
for (const text of burst) burstDelays.push((await arrived(`${callee.id}|signal|${text}`)) - burstSent.get(text)!);
const burstSeconds = (performance.now() - burstStarted) / 1000;
console.log(
  `  1,000 signals, 20 in flight: ${Math.round(burst.length / burstSeconds)} signals/s delivered, delivery p50 ${milliseconds(percentile(burstDelays, 0.5))}, p99 ${milliseconds(percentile(burstDelays, 0.99))}`,
);
await call(admin.client, 'mutation ($id: ID!) { leaveVideocall(id: $id) }', { id: caller.videocall });
await call(members[0]!.client, 'mutation ($id: ID!) { leaveVideocall(id: $id) }', { id: callee.videocall });

// 2 and 3. K four-person calls, each attendee's subscription open.
const calls: Attendee[][] = [];
const reactions = ['👍', '🎉', '👏', '😂', '🙌', '🚀'];
let round = 0;
for (const running of callSteps) {
  const adding = Array.from({ length: Math.max(0, running - calls.length) }, (_, index) => calls.length + index);
  await inBatches(adding, 5, async (index) => {
    const room = await newRoom(`Call ${index}`);
    const attendees: Attendee[] = [];
    for (const person of people) attendees.push(await join(person, room));
    for (const attendee of attendees) listen(attendee);
    calls.push(attendees);
  });

  const joinSamples: number[] = [];
  for (let index = 0; index < 30; index += 1) {
    const room = await newRoom(`Join ${running}-${index}`);
    const started = performance.now();
    const attendee = await join(members[1]!, room);
    joinSamples.push(performance.now() - started);
    await call(members[1]!.client, 'mutation ($id: ID!) { leaveVideocall(id: $id) }', { id: attendee.videocall });
  }
  console.log(
    `  joinVideocall (a new call), ${running} four-person calls running (${running * 4} attendees present): p50 ${milliseconds(percentile(joinSamples, 0.5))}, p99 ${milliseconds(percentile(joinSamples, 0.99))}; server RSS ${(serverRss() / 1e6).toFixed(0)} MB`,
  );
  if (running === 0) continue;

  // Every call's first attendee reacts, all calls at once; each reaction must reach the call's three others.
  const fanOut = async (reaction: string) => {
    const sent = new Map<Attendee, number>();
    const started = performance.now();
    await inBatches(calls, 20, async (attendees) => {
      const sender = attendees[0]!;
      sent.set(sender, performance.now());
      await call(
        sender.person.client,
        'mutation ($videocall: ID!, $attendee: ID!, $reaction: String) { setVideocallState(videocall: $videocall, attendee: $attendee, reaction: $reaction) }',
        {
          videocall: sender.videocall,
          attendee: sender.id,
          reaction,
        },
      );
    });
    const delays: number[] = [];
    let last = 0;
    for (const attendees of calls) {
      const sender = attendees[0]!;
      for (const other of attendees.slice(1)) {
        const at = await arrived(`${other.id}|state|${sender.id}|${reaction}`);
        delays.push(at - sent.get(sender)!);
        last = Math.max(last, at);
      }
    }
    return { delays, seconds: (last - started) / 1000 };
  };
  // Warm-up: every subscription of the new calls is open once a reaction reaches all three others.
  await fanOut(reactions[round++ % reactions.length]!);
  const samples: number[] = [];
  let deliveries = 0;
  let seconds = 0;
  for (let repeat = 0; repeat < 3; repeat += 1) {
    const result = await fanOut(reactions[round++ % reactions.length]!);
    samples.push(...result.delays);
    deliveries += result.delays.length;
    seconds += result.seconds;
  }
  console.log(
    `  reaction fan-out, ${running} four-person calls, one reaction per call at once (×3): delivery to the 3 others p50 ${milliseconds(percentile(samples, 0.5))}, p99 ${milliseconds(percentile(samples, 0.99))}; ${Math.round(deliveries / seconds)} deliveries/s`,
  );
}

console.log(`  load average at the end ${loadAverage()}`);
await Promise.all([...sockets.values()].map((socket) => socket.dispose()));
server.child.kill('SIGTERM');
await server.exited;
await database.close();
rmSync(dataDirectory, { recursive: true, force: true });
