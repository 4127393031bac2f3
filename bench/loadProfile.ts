// Reads a V8 CPU profile (`node --cpu-prof`, as `LOAD_CPU_PROFILE=<folder> npx tsx bench/load.ts` writes the
// server's) and prints where the time went by self time: the top functions, and the top modules (a package in
// node_modules, a file of ours, or one of node's own). Usage: npx tsx bench/loadProfile.ts <file.cpuprofile> [count]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [file, countArgument] = process.argv.slice(2);
if (!file) throw new Error('usage: npx tsx bench/loadProfile.ts <file.cpuprofile> [count]');
const count = Number(countArgument ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

// Each sample's time is the delta to the next sample (V8's own attribution).
const selfMicroseconds = new Map<number, number>();
profile.samples.forEach((nodeId, index) => {
  const delta = profile.timeDeltas[index + 1] ?? 0;
  selfMicroseconds.set(nodeId, (selfMicroseconds.get(nodeId) ?? 0) + delta);
});
const idleIds = new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id));
// Percentages are of the time the server was busy: idle waits for the network are left out.
const idleMicroseconds = [...idleIds].reduce((sum, id) => sum + (selfMicroseconds.get(id) ?? 0), 0);
const totalMicroseconds = [...selfMicroseconds.values()].reduce((sum, value) => sum + value, 0) - idleMicroseconds;

const moduleOf = (url: string, functionName: string) => {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1]!;
  if (url.startsWith('node:')) return url;
  const ours = /\/((?:server|shared)\/src\/.*)$/.exec(url);
  return ours ? ours[1]! : url;
};

const byFunction = new Map<string, number>();
const byModule = new Map<string, number>();
for (const node of profile.nodes) {
  const self = selfMicroseconds.get(node.id) ?? 0;
  if (self === 0 || idleIds.has(node.id)) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const module = moduleOf(url, functionName);
  const name = `${functionName || '(anonymous)'} ${url ? `${module}:${lineNumber + 1}` : ''}`.trim();
  byFunction.set(name, (byFunction.get(name) ?? 0) + self);
  byModule.set(module, (byModule.get(module) ?? 0) + self);
}

// Total time (self and callees) of our own functions: each sample counts once for every distinct function of
// ours on its stack, so a judge's or a resolver's whole cost shows even when it is spent in drizzle or SQLite.
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const nodeById = new Map(profile.nodes.map((node) => [node.id, node]));
const oursOnStack = new Map<number, readonly string[]>();
function ourFunctionsOnStack(nodeId: number): readonly string[] {
  const known = oursOnStack.get(nodeId);
  if (known) return known;
  const node = nodeById.get(nodeId)!;
  const parentId = parentOf.get(nodeId);
  const below = parentId === undefined ? [] : ourFunctionsOnStack(parentId);
  const { functionName, url, lineNumber } = node.callFrame;
  const module = moduleOf(url, functionName);
  const name = `${functionName || '(anonymous)'} ${module}:${lineNumber + 1}`;
  const functions = /^(server|shared)\/src\//.test(module) && !below.includes(name) ? [...below, name] : below;
  oursOnStack.set(nodeId, functions);
  return functions;
}
const totalByFunction = new Map<string, number>();
profile.samples.forEach((nodeId, index) => {
  if (idleIds.has(nodeId)) return;
  const delta = profile.timeDeltas[index + 1] ?? 0;
  for (const name of ourFunctionsOnStack(nodeId)) totalByFunction.set(name, (totalByFunction.get(name) ?? 0) + delta);
});

const top = (table: Map<string, number>) =>
  [...table]
    .sort(([, left], [, right]) => right - left)
    .slice(0, count)
    .map(
      ([name, micro]) =>
        `    ${((micro / totalMicroseconds) * 100).toFixed(1).padStart(5)}%  ${(micro / 1000).toFixed(0).padStart(7)} ms  ${name}`,
    )
    .join('\n');

console.log(
  `Profile ${file}: ${(totalMicroseconds / 1e6).toFixed(1)} s busy, ${(idleMicroseconds / 1e6).toFixed(1)} s idle; percentages of the busy time`,
);
console.log(`  top functions by self time:\n${top(byFunction)}`);
console.log(`  top modules by self time:\n${top(byModule)}`);
console.log(`  our functions by total time (with what they call):\n${top(totalByFunction)}`);
