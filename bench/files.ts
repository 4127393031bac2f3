// Files benchmark: upload and download of a 500 MB file through the local driver, in MB/s, and the
// server's peak resident memory (VmHWM) while doing it. The server runs as `npm start` does, in its own
// process; this process streams the bytes from and to disk so its own memory stays out of the figures.
// Prints figures; asserts nothing.
import { closeSync, createReadStream, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { signUp, startBenchServer, withBusinessPlan } from './support';

const fileBytes = 500 * 1024 * 1024;
const megabytes = fileBytes / (1024 * 1024);
const peakRss = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const currentRss = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const sourceDirectory = mkdtempSync(join(tmpdir(), 'bench-files-source-'));
const source = join(sourceDirectory, 'source.bin');
// A file of varied bytes written in 8 MB chunks, so this process never holds it whole either.
const chunk = Buffer.alloc(8 * 1024 * 1024);
for (let index = 0; index < chunk.length; index += 1) chunk[index] = (index * 31) & 0xff;
const handle = openSync(source, 'w');
for (let written = 0; written < fileBytes; written += chunk.length)
  writeSync(handle, chunk, 0, Math.min(chunk.length, fileBytes - written));
closeSync(handle);

const { dataDirectory, server, database, target } = await startBenchServer('files', 'NORMAL');
const pid = server.child.pid!;
const account = await signUp(target, 'Bench');
const { client } = account;
// A 500 MB file needs a paid plan (SPEC §9: under 1 GB): the first account administers the instance and sets it.
await withBusinessPlan(account);
const space = await client.execute<{ setProject: { id: string } }>('mutation { setProject(name: "Bench", type: "public") { id } }');
const project = space.data!.setProject.id;

async function call<Data>(query: string, variables: Record<string, unknown>): Promise<Data> {
  const result = await client.execute<Data>(query, variables);
  if (!result.data || result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

console.log(`Files benchmark: one ${megabytes} MB file through the local driver (server in its own process, ${database.label})`);
const idleRss = currentRss(pid);
const { signedUploadURL: signed } = await call<{
  signedUploadURL: { original: string; headers: Record<string, string>; key: string; code: string };
}>(
  'query ($size: Float!, $project: ID) { signedUploadURL(filename: "bench.bin", filetype: "application/octet-stream", size: $size, project: $project) { original headers key code } }',
  { size: fileBytes, project },
);
let started = performance.now();
const put = await fetch(new URL(signed.original, server.url), {
  method: 'PUT',
  headers: { ...signed.headers, 'Content-Length': String(fileBytes) },
  body: Readable.toWeb(createReadStream(source, { highWaterMark: 1024 * 1024 })) as ReadableStream,
  duplex: 'half',
} as RequestInit);
if (!put.ok) throw new Error(`upload refused: ${put.status} ${await put.text()}`);
const uploadSeconds = (performance.now() - started) / 1000;
const afterUploadPeak = peakRss(pid);

started = performance.now();
const { setFile } = await call<{ setFile: { id: string; url: string } }>(
  'mutation ($code: ID!, $size: Float!, $location: String!, $project: ID) { setFile(name: "bench.bin", code: $code, type: "application/octet-stream", size: $size, location: $location, project: $project) { id url } }',
  { code: signed.code, size: fileBytes, location: signed.key, project },
);
const recordMs = performance.now() - started;

started = performance.now();
const download = await fetch(`${server.url}${setFile.url}`, { headers: { cookie: client.cookieHeader() } });
let received = 0;
for await (const part of download.body as unknown as AsyncIterable<Uint8Array>) received += part.length;
const downloadSeconds = (performance.now() - started) / 1000;
if (received !== fileBytes) throw new Error(`downloaded ${received} bytes of ${fileBytes}`);

console.log(`  upload:   ${(megabytes / uploadSeconds).toFixed(0)} MB/s (${uploadSeconds.toFixed(2)} s)`);
console.log(`  setFile:  ${recordMs.toFixed(0)} ms (size check, type sniffing, quota in the append transaction)`);
console.log(`  download: ${(megabytes / downloadSeconds).toFixed(0)} MB/s (${downloadSeconds.toFixed(2)} s)`);
console.log(
  `  server RSS: ${idleRss.toFixed(0)} MB before, peak ${afterUploadPeak.toFixed(0)} MB after the upload, peak ${peakRss(pid).toFixed(0)} MB after the download`,
);

server.child.kill('SIGTERM');
await server.exited;
await database.close();
rmSync(dataDirectory, { recursive: true, force: true });
rmSync(sourceDirectory, { recursive: true, force: true });
