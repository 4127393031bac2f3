// Reads a V8 .heapsnapshot (as node writes it on --heapsnapshot-signal) into the live heap's bytes and object
// counts by kind: constructor name for objects and closures, one line for all strings, and V8's own names for
// arrays, code and hidden objects. Two summaries subtracted and divided by the users added say what one user
// costs in the JS heap, by kind.
import { copyFileSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { wait } from './support';

interface HeapSnapshotFile {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export interface KindTotal {
  bytes: number;
  count: number;
}

export interface HeapSummary {
  totalBytes: number;
  byKind: Map<string, KindTotal>;
}

const stringTypes = new Set(['string', 'concatenated string', 'sliced string']);

/** The name a node is counted under: strings' names are their contents, so they are counted together. */
function kindOf(type: string, name: string): string {
  if (stringTypes.has(type)) return '(strings)';
  if (type === 'object' || type === 'closure') return `${type === 'closure' ? 'closure ' : ''}${name.slice(0, 80)}`;
  if (type === 'native') return `native ${name.replace(/\s*\/.*$/, '').slice(0, 60)}`;
  return `(${type}) ${name.slice(0, 60)}`;
}

export function summarizeHeapSnapshot(path: string): HeapSummary {
  const file = JSON.parse(readFileSync(path, 'utf8')) as HeapSnapshotFile;
  const fields = file.snapshot.meta.node_fields;
  const typeNames = file.snapshot.meta.node_types[0];
  const stride = fields.length;
  const typeOffset = fields.indexOf('type');
  const nameOffset = fields.indexOf('name');
  const sizeOffset = fields.indexOf('self_size');
  const byKind = new Map<string, KindTotal>();
  let totalBytes = 0;
  for (let index = 0; index < file.nodes.length; index += stride) {
    const bytes = file.nodes[index + sizeOffset]!;
    const kind = kindOf(typeNames[file.nodes[index + typeOffset]!]!, file.strings[file.nodes[index + nameOffset]!]!);
    const total = byKind.get(kind) ?? { bytes: 0, count: 0 };
    total.bytes += bytes;
    total.count += 1;
    byKind.set(kind, total);
    totalBytes += bytes;
  }
  return { totalBytes, byKind };
}

/** The kinds that grew most from `before` to `after`, per unit added (a user, a subscription). */
export function growthPerUnit(before: HeapSummary, after: HeapSummary, units: number, top: number) {
  const kinds = new Set([...before.byKind.keys(), ...after.byKind.keys()]);
  return [...kinds]
    .map((kind) => {
      const was = before.byKind.get(kind) ?? { bytes: 0, count: 0 };
      const now = after.byKind.get(kind) ?? { bytes: 0, count: 0 };
      return { kind, bytes: (now.bytes - was.bytes) / units, count: (now.count - was.count) / units };
    })
    .sort((left, right) => right.bytes - left.bytes)
    .slice(0, top);
}

/** Node's arguments for a server that writes a heap snapshot into `directory` on SIGUSR2. */
export const heapSnapshotArguments = (directory: string) => ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${directory}`];

/**
 * Asks the server for a heap snapshot (a full garbage collection first, so it holds only live objects), waits
 * until it is written (the server answers nothing while it writes), summarizes it and removes it, or copies it
 * to `keepAs` first.
 */
export async function takeHeapSnapshot(server: { pid: number; url: string; directory: string }, keepAs?: string): Promise<HeapSummary> {
  const before = new Set(readdirSync(server.directory));
  process.kill(server.pid, 'SIGUSR2');
  let written: string | undefined;
  while (!written) {
    await wait(200);
    written = readdirSync(server.directory).find((name) => !before.has(name) && name.endsWith('.heapsnapshot'));
  }
  const path = join(server.directory, written);
  let size = -1;
  // A probe refused or cut while the server writes is asked again; a server that died is not waited for.
  const answers = () =>
    fetch(`${server.url}/healthz`).then(
      (response) => response.ok,
      (error: unknown) => {
        process.kill(server.pid, 0);
        console.log(
          `    (health probe during the heap snapshot: ${error instanceof Error ? String(error.cause ?? error.message) : String(error)})`,
        );
        return false;
      },
    );
  while (size !== statSync(path).size || !(await answers())) {
    size = statSync(path).size;
    await wait(500);
  }
  const summary = summarizeHeapSnapshot(path);
  if (keepAs) copyFileSync(path, keepAs);
  rmSync(path);
  return summary;
}
