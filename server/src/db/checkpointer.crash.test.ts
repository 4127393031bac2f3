import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';

let directory: string | null = null;
let writer: ChildProcess | null = null;

afterEach(() => {
  // A test that failed before its kill leaves no writer behind.
  if (writer && writer.exitCode === null && writer.signalCode === null) writer.kill('SIGKILL');
  writer = null;
  if (directory) rmSync(directory, { recursive: true, force: true });
  directory = null;
});

it('loses no acknowledged row when the process is killed while its worker checkpoints beside the writes', async () => {
  directory = mkdtempSync(join(tmpdir(), 'wal-checkpointer-crash-'));
  const file = join(directory, 'workspace.db');
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./checkpointerCrashWriter.ts', import.meta.url).pathname, file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  writer = child;
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  let acknowledged = 0;
  for await (const line of createInterface({ input: child.stdout })) {
    const [row, checkpoints] = line.split(' ').map(Number) as [number, number];
    acknowledged = row;
    // Killed once the worker has checkpointed twice while rows kept coming: a checkpoint may be under way right now.
    if (checkpoints >= 2) {
      child.kill('SIGKILL');
      break;
    }
  }
  expect(await exited).toBe('SIGKILL');
  expect(acknowledged).toBeGreaterThan(0);

  const reopened = new Database(file);
  try {
    expect(reopened.pragma('integrity_check', { simple: true })).toBe('ok');
    const { count, newest } = reopened.prepare('SELECT count(*) AS count, max(id) AS newest FROM filler').get() as {
      count: number;
      newest: number;
    };
    expect(newest).toBeGreaterThanOrEqual(acknowledged);
    expect(count).toBe(newest);
  } finally {
    reopened.close();
  }
}, 120_000);
