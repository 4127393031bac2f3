// Notifications benchmark: one cause telling many people, written in the cause's unit of work and delivered live.
//   1. A message mentioning 200 people (setMessage): the server tells each of them (up to `maximumMentions`, 200, the
//      chat's rule in shared/src/chatRules.ts), one notification each; delivery in each one's subNotification.
//   2. A story posted in a space of 200 members (setFile with story: true): 200 NEW_STORY notifications, one cause.
// For each: the mutation's time (the notifications are written before it answers), and the time from sending it to
// each recipient's subNotification delivery over graphql-ws (p50/p99 over every delivery of every round).
// The server runs as `npm start` does, in its own process; this process plays the 200 people (one socket each).
// Prints figures; asserts nothing. Settings: NOTIFICATIONS_PEOPLE (default 200), NOTIFICATIONS_ROUNDS (default 5).
import { rmSync } from 'node:fs';
import type { Client } from 'graphql-ws';
import { maximumMentions } from '#shared/chatRules';
import { subscriptionClient } from '../tests/integration/harness';
import { putBytes, signUpload } from '../tests/integration/fileFactories';
import type { Person } from '../tests/integration/teamFactories';
import {
  call,
  loadAverage,
  milliseconds,
  percentile,
  residentBytes,
  spaceWithMembers,
  startBenchServer,
  synchronousFromEnvironment,
  wait,
} from './support';

const peopleCount = Number(process.env.NOTIFICATIONS_PEOPLE ?? 200);
const rounds = Number(process.env.NOTIFICATIONS_ROUNDS ?? 5);
const synchronous = synchronousFromEnvironment();
const { dataDirectory, server, database, target } = await startBenchServer('notifications', synchronous, {
  RATE_LIMITS: 'false',
  WS_MAX_SOCKETS_PER_USER: '50',
});

console.log(`Notifications benchmark (server in its own process, ${database.label}; load average at start ${loadAverage()})`);
const seeding = performance.now();
const { admin, space, members } = await spaceWithMembers(target, peopleCount);
console.log(`  seeded ${peopleCount} members of one space in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

/** When each person's subNotification delivered each notification, by `<userId>|<description>`. */
const arrivals = new Map<string, number>();
const waiting = new Map<string, () => void>();
const sockets: Client[] = [];
const subNotification = 'subscription { subNotification { type notification { description } unread } }';

// Each subscription follows the log from here (as the app's client does), so none misses a cause while it starts.
const head = await database.scalar('SELECT max(seq) FROM events');
for (const member of members) {
  const socket = subscriptionClient(target, { cookie: member.client.cookieHeader() });
  sockets.push(socket);
  socket.subscribe<{ subNotification: { type: string; notification: { description: string } | null } }>(
    { query: subNotification, extensions: { resumeAfter: head } },
    {
      next: (value) => {
        const description = value.data?.subNotification.notification?.description;
        if (!description) return;
        const key = `${member.id}|${description}`;
        arrivals.set(key, performance.now());
        waiting.get(key)?.();
      },
      error: (error) => console.error('subscription error', error),
      complete: () => undefined,
    },
  );
}

function arrived(key: string, timeoutMs = 60_000): Promise<number> {
  const known = arrivals.get(key);
  if (known !== undefined) return Promise.resolve(known);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no delivery of ${key}`)), timeoutMs);
    waiting.set(key, () => {
      clearTimeout(timer);
      waiting.delete(key);
      resolve(arrivals.get(key)!);
    });
  });
}

const mentionAll = members.map((member, index) => `@[Member${index}](${member.id})`).join(' ');
const notificationRows = () => database.scalar('SELECT count(*) FROM notifications');

async function mentionRound(label: string) {
  const before = await notificationRows();
  const sent = performance.now();
  await call(admin.client, 'mutation ($project: ID, $body: String!) { setMessage(project: $project, body: $body) { id } }', {
    project: space,
    body: `${label} ${mentionAll}`,
  });
  const answered = performance.now() - sent;
  const written = (await notificationRows()) - before;
  const told = members.slice(0, written);
  const description = `${label} ${members.map((_member, index) => `@Member${index}`).join(' ')}`;
  const excerpt = description.length > 140 ? `${description.slice(0, 139)}…` : description;
  const delays = await Promise.all(told.map(async (member) => (await arrived(`${member.id}|${excerpt}`)) - sent));
  return { answered, written, delays };
}

/** The first bytes of a WebM file (an EBML header whose DocType is webm), padded: what the server sniffs as video/webm. */
function webm(size = 4096): Buffer {
  const docType = Buffer.from('webm');
  const header = Buffer.concat([Buffer.from([0x42, 0x82, 0x80 | docType.length]), docType]);
  const ebml = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length]), header]);
  return Buffer.concat([ebml, Buffer.alloc(size - ebml.length, 1)]);
}

async function storyRound(label: string) {
  const bytes = webm();
  const uploader = admin as unknown as Person;
  const name = `${label}.webm`;
  const signed = (await signUpload(uploader, name, 'video/webm', bytes.length, { project: space })).data!.signedUploadURL;
  const put = await putBytes(uploader, signed, bytes);
  if (!put.ok) throw new Error(`upload refused: ${put.status}`);
  const before = await notificationRows();
  const sent = performance.now();
  await call(
    admin.client,
    `mutation ($name: String!, $code: ID!, $size: Float!, $location: String!, $project: ID) {
      setFile(name: $name, code: $code, type: "video/webm", size: $size, location: $location, project: $project, story: true) { id }
    }`,
    { name, code: signed.code, size: bytes.length, location: signed.key, project: space },
  );
  const answered = performance.now() - sent;
  const written = (await notificationRows()) - before;
  const delays = await Promise.all(members.map(async (member) => (await arrived(`${member.id}|${name}`)) - sent));
  return { answered, written, delays };
}

async function measure(what: string, round: (label: string) => Promise<{ answered: number; written: number; delays: number[] }>) {
  // Warm-up: every subscription is running once the first round reached everyone it tells.
  await round(`${what} warm-up`);
  const answers: number[] = [];
  const delays: number[] = [];
  const lasts: number[] = [];
  let written = 0;
  for (let index = 0; index < rounds; index += 1) {
    const result = await round(`${what} ${index}`);
    answers.push(result.answered);
    delays.push(...result.delays);
    lasts.push(Math.max(...result.delays));
    written = result.written;
    await wait(100);
  }
  console.log(
    `  ${what}: ${written} notifications written per cause; mutation p50 ${milliseconds(percentile(answers, 0.5))}, p99 ${milliseconds(percentile(answers, 0.99))}; live delivery p50 ${milliseconds(percentile(delays, 0.5))}, p99 ${milliseconds(percentile(delays, 0.99))}, last of each cause p50 ${milliseconds(percentile(lasts, 0.5))} (${rounds} rounds)`,
  );
}

console.log(
  `  a message mentioning ${peopleCount} people tells ${Math.min(peopleCount, maximumMentions)} of them (the chat tells at most ${maximumMentions})`,
);
await measure(`message mentioning ${peopleCount}`, mentionRound);
await measure(`story in a space of ${peopleCount} members`, storyRound);
console.log(`  server RSS ${(residentBytes(server.child.pid) / 1024 / 1024).toFixed(0)} MB; load average at the end ${loadAverage()}`);

await Promise.all(sockets.map((socket) => socket.dispose()));
server.child.kill('SIGTERM');
await server.exited;
await database.close();
rmSync(dataDirectory, { recursive: true, force: true });
