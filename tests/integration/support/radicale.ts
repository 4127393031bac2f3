// A real CalDAV peer for the sync tests and the benchmark: Debian's Radicale on a free loopback port, with its
// own temporary collection folder and htpasswd users (plain passwords: Debian's radicale has no bcrypt module
// unless python3-bcrypt is installed, and the file never leaves the temporary folder).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../harness';

export interface RadicaleUser {
  username: string;
  password: string;
}

export interface RadicalePeer {
  url: string;
  users: RadicaleUser[];
  /** Makes a calendar collection for a user, with its display name, description and colour; answers its URL. */
  createCalendar(
    user: RadicaleUser,
    name: string,
    properties?: { displayName?: string; description?: string; color?: string },
  ): Promise<string>;
  /** PUTs an iCalendar object as another CalDAV client would; answers the new ETag. */
  putObject(user: RadicaleUser, url: string, ics: string): Promise<string | null>;
  getObject(user: RadicaleUser, url: string): Promise<{ status: number; body: string; etag: string | null }>;
  deleteObject(user: RadicaleUser, url: string): Promise<number>;
  /** The hrefs of the objects in a calendar collection. */
  listObjects(user: RadicaleUser, calendarUrl: string): Promise<string[]>;
  /** Changes a user's password (Radicale reads the htpasswd file at each sign-in). */
  setPassword(username: string, password: string): void;
  stop(): Promise<void>;
}

const radicaleBinary = process.env.RADICALE_BINARY ?? '/usr/bin/radicale';

export const authorization = (user: RadicaleUser) => `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`;

/** Starts Radicale and waits until it answers HTTP; stop() ends it and removes its folder. */
export async function startRadicale(users: RadicaleUser[]): Promise<RadicalePeer> {
  const folder = mkdtempSync(join(tmpdir(), 'radicale-'));
  const port = await freePort();
  const htpasswd = join(folder, 'users');
  const writeUsers = () => writeFileSync(htpasswd, users.map((user) => `${user.username}:${user.password}`).join('\n') + '\n');
  writeUsers();
  const configFile = join(folder, 'config');
  writeFileSync(
    configFile,
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${htpasswd}`,
      'htpasswd_encryption = plain',
      'delay = 0',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${join(folder, 'collections')}`,
      '[logging]',
      'level = warning',
      'mask_passwords = True',
      '[web]',
      'type = none',
    ].join('\n') + '\n',
  );
  const child: ChildProcess = spawn(radicaleBinary, ['--config', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(url, child, () => output);

  const request = (user: RadicaleUser, target: string, init: RequestInit) =>
    fetch(new URL(target, url), { ...init, headers: { authorization: authorization(user), ...(init.headers as Record<string, string>) } });

  return {
    url,
    users,
    async createCalendar(user, name, properties = {}) {
      const collection = `${url}/${user.username}/${name}/`;
      // The user's principal collection exists once they have made a first request.
      await request(user, `/${user.username}/`, { method: 'PROPFIND', headers: { depth: '0' } });
      const response = await request(user, collection, {
        method: 'MKCALENDAR',
        headers: { 'content-type': 'application/xml; charset=utf-8' },
        body: `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:I="http://apple.com/ns/ical/">
  <D:set><D:prop>
    <D:displayname>${escapeXml(properties.displayName ?? name)}</D:displayname>
    ${properties.description ? `<C:calendar-description>${escapeXml(properties.description)}</C:calendar-description>` : ''}
    ${properties.color ? `<I:calendar-color>${escapeXml(properties.color)}</I:calendar-color>` : ''}
    <C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
  </D:prop></D:set>
</C:mkcalendar>`,
      });
      if (response.status !== 201) throw new Error(`MKCALENDAR ${collection}: ${response.status} ${await response.text()}`);
      return collection;
    },
    async putObject(user, target, ics) {
      const response = await request(user, target, {
        method: 'PUT',
        headers: { 'content-type': 'text/calendar; charset=utf-8' },
        body: ics,
      });
      if (response.status !== 201 && response.status !== 204) throw new Error(`PUT ${target}: ${response.status} ${await response.text()}`);
      return response.headers.get('etag');
    },
    async getObject(user, target) {
      const response = await request(user, target, { method: 'GET' });
      return { status: response.status, body: await response.text(), etag: response.headers.get('etag') };
    },
    async deleteObject(user, target) {
      const response = await request(user, target, { method: 'DELETE' });
      await response.arrayBuffer();
      return response.status;
    },
    async listObjects(user, calendarUrl) {
      const response = await request(user, calendarUrl, {
        method: 'PROPFIND',
        headers: { depth: '1', 'content-type': 'application/xml; charset=utf-8' },
        body: '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>',
      });
      const body = await response.text();
      const collectionPath = new URL(calendarUrl).pathname;
      return [...body.matchAll(/<(?:\w+:)?href>([^<]+)<\/(?:\w+:)?href>/gi)]
        .map((match) => match[1]!)
        .filter((href) => href !== collectionPath);
    },
    setPassword(username, password) {
      const user = users.find((entry) => entry.username === username);
      if (!user) throw new Error(`no radicale user ${username}`);
      user.password = password;
      writeUsers();
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`radicale exited with ${child.exitCode}: ${output()}`);
    try {
      const response = await fetch(url, { method: 'OPTIONS' });
      await response.arrayBuffer();
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`radicale did not answer on ${url}: ${output()}`);
      // Polls the port (the process prints nothing when it is ready).
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
