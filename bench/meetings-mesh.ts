// Mesh size measurement (issue 15): the largest peer-to-peer call that stays usable on this machine with fake 720p video.
// The server runs as `npm start` does, in its own process, on a temporary data folder and a free port, with no cap on the
// mesh (MEETING_MESH_LIMIT=16). One Chromium with fake devices opens N contexts (N = 2, 3, 4…, each its own member) that
// join one ad hoc room through the app's own set-up screen and call module, exactly as people do. The app asks the
// camera for 1280x720 (ideal); each page says what its camera track really delivers. For each N, after every page is
// connected to every other and video flows, it samples each page's getStats once a second for MESH_SECONDS (15):
//   - per received camera stream: frames per second (framesDecoded deltas; median and worst second), frame size,
//     packet loss, seconds frozen (Chromium's totalFreezesDuration), round-trip time of the connection;
//   - CPU: the browser's processes (all renderers included) and the server's, from /proc, and the whole machine.
// Usable: every received stream has a median of at least 15 frames per second, no stream is frozen (under 1 s of freezes
// and no second without a new frame), and loss stays under 5%. Prints a table and the largest usable N; asserts nothing.
// Needs the built client (CLIENT_DIST, default ./dist/client: `npm run build` or `npx vite build --outDir <folder>`).
// Settings: MESH_SIZES (default "2,3,4,5,6"), MESH_SECONDS (15), CHROMIUM_PATH.
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright';
import { findChromium } from '../scripts/chromium';
import { call, inBatches, loadAverage, percentile, spaceWithMembers, startBenchServer, synchronousFromEnvironment, wait } from './support';
import { cpuSecondsOfTree, keepPeerConnections, machineTicks, samplePage, type PageSample } from './meetingsMeshBrowser';

const sizes = (process.env.MESH_SIZES ?? '2,3,4,5,6').split(',').map(Number);
const measureSeconds = Number(process.env.MESH_SECONDS ?? 15);
const minimumFramesPerSecond = 15;
const largest = Math.max(...sizes);
const clientDist = resolve(process.env.CLIENT_DIST ?? './dist/client');
if (!existsSync(resolve(clientDist, 'index.html'))) {
  console.error(`No built client in ${clientDist}: run \`npm run build\` (or set CLIENT_DIST to a built client) first.`);
  process.exit(1);
}

const synchronous = synchronousFromEnvironment();
const { dataDirectory, server, database, target } = await startBenchServer('meetings-mesh', synchronous, {
  MEETING_MESH_LIMIT: '16',
  CLIENT_DIST: clientDist,
});
// The app's address as the browser uses it: the server's default PUBLIC_URL is localhost, which its websocket origin check wants.
const appUrl = `http://localhost:${server.port}`;

console.log(`Mesh size measurement (peer-to-peer calls, fake 720p camera and microphone, one Chromium, one context per person)`);
console.log(
  `  machine: ${(await import('node:os')).cpus().length} cores, load average at start ${loadAverage()}; server on ${database.label}`,
);
const { admin, members } = await spaceWithMembers(target, largest - 1);
const people = [admin, ...members];
await inBatches(people, 5, (person) => call(person.client, 'mutation { setSetting(name: "onboardingCompleted", active: true) { name } }'));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? findChromium(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--no-first-run',
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    '--disable-features=WebRtcHideLocalIpsWithMdns',
    '--allow-loopback-in-peer-connection',
    // Pages of one window in the background would have their timers and rendering throttled; people each have their own screen.
    '--disable-background-timer-throttling',
    '--disable-renderer-backgrounding',
    '--disable-backgrounding-occluded-windows',
  ],
});
/**
 * CPU seconds of the browser: every process this one started (Chromium and its renderers, GPU and network processes),
 * less the server's, less this process's own.
 */
const browserCpuSeconds = () =>
  cpuSecondsOfTree(process.pid) - cpuSecondsOfTree(server.child.pid!) - (process.cpuUsage().user + process.cpuUsage().system) / 1e6;

/** A context signed in as `person`, with the cookies its API client holds. */
async function contextFor(person: (typeof people)[number]): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.addCookies(
    // The readable `user` cookie tells the client who is signed in; the session's own cookies stay HttpOnly as the server sets them.
    [...person.client.cookies].map(([name, value]) => ({
      name,
      value,
      domain: 'localhost',
      path: name === 'refresh_token' ? '/graphql' : '/',
      httpOnly: name !== 'user',
      sameSite: 'Lax' as const,
    })),
  );
  // tsx compiles with names kept (a `__name(fn, "name")` helper around inner functions); the page needs that helper too.
  await context.addInitScript({ content: 'window.__name = (target) => target;' });
  await context.addInitScript(keepPeerConnections);
  return context;
}

async function joinRoom(page: Page, roomId: string) {
  await page.goto(`${appUrl}/meetingroom/${roomId}`);
  await page.getByRole('heading', { name: /^Ready to join/ }).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Camera' }).and(page.locator('[aria-pressed="true"]')).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Join now' }).click();
  await page.getByRole('toolbar', { name: 'Call controls' }).waitFor({ timeout: 60_000 });
}

/** Waits until every page is connected to every other one and decodes each one's video. */
async function waitForFullMesh(pages: Page[], size: number, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const samples = await Promise.all(pages.map((page) => page.evaluate(samplePage)));
    const ready = samples.every(
      (sample) => sample.connected >= size - 1 && sample.streams.filter((stream) => stream.framesDecoded > 0).length >= size - 1,
    );
    if (ready) return;
    if (Date.now() > deadline)
      throw new Error(`the mesh of ${size} did not connect: ${samples.map((sample) => `${sample.connected} connected`).join(', ')}`);
    await wait(1000);
  }
}

interface StreamFigures {
  medianFps: number;
  worstSecondFps: number;
  width: number;
  height: number;
  lossPercent: number;
  frozenSeconds: number;
  roundTripMs: number | null;
}

function streamFigures(series: PageSample[]): StreamFigures[] {
  const first = series[0]!;
  const last = series.at(-1)!;
  return first.streams.flatMap((start) => {
    const points = series.map((sample) => sample.streams.find((stream) => stream.stream === start.stream));
    if (points.some((point) => !point)) return [];
    const perSecond: number[] = [];
    for (let index = 1; index < series.length; index += 1)
      perSecond.push(
        ((points[index]!.framesDecoded - points[index - 1]!.framesDecoded) * 1000) / (series[index]!.at - series[index - 1]!.at),
      );
    const end = last.streams.find((stream) => stream.stream === start.stream)!;
    const received = end.packetsReceived - start.packetsReceived;
    const lost = end.packetsLost - start.packetsLost;
    return [
      {
        medianFps: percentile(perSecond, 0.5),
        worstSecondFps: Math.min(...perSecond),
        width: end.frameWidth,
        height: end.frameHeight,
        lossPercent: received + lost > 0 ? (lost * 100) / (received + lost) : 0,
        frozenSeconds: end.totalFreezesDuration - start.totalFreezesDuration,
        roundTripMs: end.roundTripTime === null ? null : end.roundTripTime * 1000,
      },
    ];
  });
}

interface SizeResult {
  size: number;
  sent: string;
  limitations: string;
  streams: StreamFigures[];
  browserCores: number;
  serverCores: number;
  machineBusyPercent: number;
  load: string;
  usable: boolean;
  why: string;
}

async function measure(size: number): Promise<SizeResult> {
  const room = (
    await call<{ initiateMeetingroom: { id: string } }>(
      admin.client,
      'mutation ($name: String) { initiateMeetingroom(name: $name) { id } }',
      {
        name: `Mesh of ${size}`,
      },
    )
  ).initiateMeetingroom.id;
  const contexts = await Promise.all(people.slice(0, size).map(contextFor));
  try {
    const pages = await Promise.all(contexts.map((context) => context.newPage()));
    // One after another, as people arrive: the ones in the call offer to each newcomer.
    for (const page of pages)
      await joinRoom(page, room).catch(async (error: Error) => {
        // MESH_SHOTS=<folder> keeps a picture of the page that could not join, to see why.
        if (process.env.MESH_SHOTS) await page.screenshot({ path: `${process.env.MESH_SHOTS}/mesh-${size}-join.png` });
        throw new Error(`${page.url()}: ${error.message.split('\n')[0]}`);
      });
    await waitForFullMesh(pages, size);
    await wait(5000);

    const cpuBefore = { browser: browserCpuSeconds(), server: cpuSecondsOfTree(server.child.pid!), machine: machineTicks() };
    const started = performance.now();
    const series: PageSample[][] = pages.map(() => []);
    for (let second = 0; second <= measureSeconds; second += 1) {
      const samples = await Promise.all(pages.map((page) => page.evaluate(samplePage)));
      samples.forEach((sample, index) => series[index]!.push(sample));
      await wait(Math.max(0, started + (second + 1) * 1000 - performance.now()));
    }
    const elapsed = (performance.now() - started) / 1000;
    const machineAfter = machineTicks();
    const browserCores = (browserCpuSeconds() - cpuBefore.browser) / elapsed;
    const serverCores = (cpuSecondsOfTree(server.child.pid!) - cpuBefore.server) / elapsed;
    const machineBusyPercent = ((machineAfter.busy - cpuBefore.machine.busy) * 100) / (machineAfter.total - cpuBefore.machine.total);

    const streams = series.flatMap(streamFigures);
    const sentSizes = [
      ...new Set(
        series.flatMap((pageSeries) => {
          const last = pageSeries.findLast((sample) => sample.sentWidth !== null);
          return last ? [`${last.sentWidth}x${last.sentHeight}@${last.sentFrameRate ?? '?'}`] : [];
        }),
      ),
    ];
    const limitations = [...new Set(series.flatMap((pageSeries) => pageSeries.flatMap((sample) => sample.limitations)))].filter(
      (reason) => reason !== 'none',
    );
    const expected = size * (size - 1);
    const reasons: string[] = [];
    if (streams.length < expected) reasons.push(`${expected - streams.length} of ${expected} streams missing`);
    const slow = streams.filter((stream) => stream.medianFps < minimumFramesPerSecond).length;
    if (slow > 0) reasons.push(`${slow} stream(s) under ${minimumFramesPerSecond} fps`);
    const frozen = streams.filter((stream) => stream.frozenSeconds >= 1 || stream.worstSecondFps === 0).length;
    if (frozen > 0) reasons.push(`${frozen} stream(s) frozen`);
    const lossy = streams.filter((stream) => stream.lossPercent >= 5).length;
    if (lossy > 0) reasons.push(`${lossy} stream(s) with 5%+ loss`);
    return {
      size,
      sent: sentSizes.join(' '),
      limitations: limitations.join(', ') || 'none',
      streams,
      browserCores,
      serverCores,
      machineBusyPercent,
      load: loadAverage(),
      usable: reasons.length === 0,
      why: reasons.join('; ') || 'usable',
    };
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
}

const results: SizeResult[] = [];
try {
  for (const size of sizes) {
    try {
      const result = await measure(size);
      results.push(result);
    } catch (error) {
      results.push({
        size,
        sent: '-',
        limitations: '-',
        streams: [],
        browserCores: 0,
        serverCores: 0,
        machineBusyPercent: 0,
        load: loadAverage(),
        usable: false,
        why: (error as Error).message.split('\n')[0]!,
      });
    }
    const result = results.at(-1)!;
    const fps = result.streams.map((stream) => stream.medianFps);
    const rtt = result.streams.flatMap((stream) => (stream.roundTripMs === null ? [] : [stream.roundTripMs]));
    const frameSizes = [...new Set(result.streams.map((stream) => `${stream.width}x${stream.height}`))];
    console.log(
      `  N=${size}: camera sends ${result.sent} (encoders limited by: ${result.limitations}); ${result.streams.length} streams received at ${frameSizes.join(', ') || '-'}; ` +
        `fps median of medians ${fps.length ? percentile(fps, 0.5).toFixed(1) : '-'}, lowest median ${fps.length ? Math.min(...fps).toFixed(1) : '-'}, ` +
        `worst second ${result.streams.length ? Math.min(...result.streams.map((stream) => stream.worstSecondFps)).toFixed(0) : '-'}; ` +
        `loss max ${result.streams.length ? Math.max(...result.streams.map((stream) => stream.lossPercent)).toFixed(2) : '-'}%; ` +
        `frozen max ${result.streams.length ? Math.max(...result.streams.map((stream) => stream.frozenSeconds)).toFixed(1) : '-'} s; ` +
        `rtt median ${rtt.length ? percentile(rtt, 0.5).toFixed(1) : '-'} ms; ` +
        `CPU browser ${(result.browserCores * 100).toFixed(0)}% of a core, server ${(result.serverCores * 100).toFixed(0)}%, machine busy ${result.machineBusyPercent.toFixed(0)}%; ` +
        `load ${result.load}; ${result.why}`,
    );
    // Two unusable sizes in a row: larger meshes only get worse.
    if (results.length >= 2 && results.slice(-2).every((entry) => !entry.usable)) break;
  }
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
  await server.exited;
  await database.close();
  rmSync(dataDirectory, { recursive: true, force: true });
}

console.log('');
console.log(
  '| people | camera sends | received | fps (median of streams / lowest) | worst second | loss max | frozen max | rtt p50 | browser CPU | server CPU | machine busy | usable |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const result of results) {
  const fps = result.streams.map((stream) => stream.medianFps);
  const rtt = result.streams.flatMap((stream) => (stream.roundTripMs === null ? [] : [stream.roundTripMs]));
  const cell = (value: string) => (result.streams.length ? value : '-');
  console.log(
    `| ${result.size} | ${result.sent} | ${cell([...new Set(result.streams.map((stream) => `${stream.width}x${stream.height}`))].join(' '))} | ` +
      `${cell(`${fps.length ? percentile(fps, 0.5).toFixed(1) : ''} / ${fps.length ? Math.min(...fps).toFixed(1) : ''}`)} | ` +
      `${cell(Math.min(...result.streams.map((stream) => stream.worstSecondFps)).toFixed(0))} | ` +
      `${cell(`${Math.max(...result.streams.map((stream) => stream.lossPercent)).toFixed(2)}%`)} | ` +
      `${cell(`${Math.max(...result.streams.map((stream) => stream.frozenSeconds)).toFixed(1)} s`)} | ` +
      `${cell(`${rtt.length ? percentile(rtt, 0.5).toFixed(1) : '-'} ms`)} | ${(result.browserCores * 100).toFixed(0)}% | ${(result.serverCores * 100).toFixed(0)}% | ` +
      `${result.machineBusyPercent.toFixed(0)}% | ${result.usable ? 'yes' : `no: ${result.why}`} |`,
  );
}
const usableSizes = results.filter((result) => result.usable).map((result) => result.size);
// The largest N such that it and every smaller size measured were usable.
let largestUsable = 0;
for (const result of results) {
  if (!result.usable) break;
  largestUsable = result.size;
}
console.log('');
console.log(
  `Largest usable mesh: ${largestUsable || 'none'} (usable: every received stream ≥ ${minimumFramesPerSecond} fps median, none frozen, loss < 5%; usable sizes: ${usableSizes.join(', ') || 'none'}).`,
);
console.log(
  `All N people's browsers ran on this one machine (${(await import('node:os')).cpus().length} cores), so each size costs the machine N encoders and N×(N-1) decoders; on real calls each person's computer carries its own share.`,
);
