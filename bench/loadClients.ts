// A client process of the load test (forked by bench/load.ts): it plays the simulated users it is given, and
// answers each report request with what it measured since the last one, its own CPU time and event-loop delay,
// so a client that cannot keep up shows instead of passing for a slow server.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { SeededSpace, SeededUser } from './loadSeed';
import { seededRandom } from './loadStatistics';
import { LoadMeasurements, SimulatedUser, type LoadEndpoints } from './loadUser';

export type ClientCommand =
  | { type: 'add'; endpoints: LoadEndpoints; spaces: SeededSpace[]; users: { index: number; user: SeededUser }[]; rampMs: number }
  | { type: 'report' }
  | { type: 'stop' };

export interface ClientStepReport {
  requests: LoadMeasurements['requests'];
  actions: LoadMeasurements['actions'];
  errors: LoadMeasurements['errors'];
  deliveries: LoadMeasurements['deliveries'];
  deliveriesBySubscription: LoadMeasurements['deliveriesBySubscription'];
  lastError: string;
  cpuSeconds: number;
  eventLoopDelayMeanMs: number;
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
  users: number;
}

export type ClientMessage =
  { type: 'added'; connected: number; failed: number; lastError: string } | ({ type: 'report' } & ClientStepReport);

const send = (message: ClientMessage) => process.send!(message);
const users: SimulatedUser[] = [];
const measurements = new LoadMeasurements();
let cpuSince = process.cpuUsage();
const eventLoopDelay = monitorEventLoopDelay({ resolution: 10 });
eventLoopDelay.enable();

async function add(command: Extract<ClientCommand, { type: 'add' }>) {
  let connected = 0;
  let failed = 0;
  const spacing = command.rampMs / Math.max(1, command.users.length);
  await Promise.all(
    command.users.map(async ({ index, user }, position) => {
      // Users arrive spread over the ramp, not all in one burst.
      await new Promise((resolve) => setTimeout(resolve, position * spacing));
      const simulated = new SimulatedUser(index, user, command.spaces, command.endpoints, measurements, seededRandom(index + 1));
      users.push(simulated);
      if (await simulated.start()) connected += 1;
      else failed += 1;
    }),
  );
  send({ type: 'added', connected, failed, lastError: measurements.lastError });
}

function report() {
  const cpu = process.cpuUsage(cpuSince);
  send({
    type: 'report',
    requests: measurements.requests,
    actions: measurements.actions,
    errors: measurements.errors,
    deliveries: measurements.deliveries,
    deliveriesBySubscription: measurements.deliveriesBySubscription,
    lastError: measurements.lastError,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    eventLoopDelayMeanMs: eventLoopDelay.mean / 1e6,
    eventLoopDelayP99Ms: eventLoopDelay.percentile(99) / 1e6,
    eventLoopDelayMaxMs: eventLoopDelay.max / 1e6,
    users: users.length,
  });
  // The next step starts counting afresh; users keep acting into the new measurements.
  Object.assign(measurements, new LoadMeasurements());
  cpuSince = process.cpuUsage();
  eventLoopDelay.reset();
}

// The load test ended or failed: nothing is left to report to.
process.on('disconnect', () => process.exit(0));
process.on('message', (command: ClientCommand) => {
  if (command.type === 'add') void add(command);
  else if (command.type === 'report') report();
  else void Promise.all(users.map((user) => user.stop())).then(() => process.exit(0));
});
