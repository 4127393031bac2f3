import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createCalDavFetch } from './calDavFetch';

const servers: Server[] = [];
async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

describe('the CalDAV fetch', () => {
  it('follows a redirect with the same method and body, and carries the credential to the same origin only', async () => {
    const seen: { path: string; method: string; authorization: string | undefined; body: string }[] = [];
    const other = await serve((request, response) => {
      seen.push({ path: `other${request.url}`, method: request.method!, authorization: request.headers.authorization, body: '' });
      response.end('ok');
    });
    const origin = await serve((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ path: request.url!, method: request.method!, authorization: request.headers.authorization, body });
        if (request.url === '/start') response.writeHead(301, { location: '/moved' }).end();
        else if (request.url === '/moved') response.writeHead(307, { location: `${other}/away` }).end();
      });
    });
    const calDavFetch = createCalDavFetch({ timeoutMs: 2000, allowPrivateAddresses: true });
    const response = await calDavFetch(`${origin}/start`, { method: 'PROPFIND', headers: { authorization: 'Basic secret' }, body: '<x/>' });
    expect(await response.text()).toBe('ok');
    expect(seen).toEqual([
      { path: '/start', method: 'PROPFIND', authorization: 'Basic secret', body: '<x/>' },
      { path: '/moved', method: 'PROPFIND', authorization: 'Basic secret', body: '<x/>' },
      { path: 'other/away', method: 'PROPFIND', authorization: undefined, body: '' },
    ]);
  });

  it('refuses a long chain of redirects and an oversized answer, then fails fast', async () => {
    let hops = 0;
    const chain = await serve((_request, response) => response.writeHead(302, { location: `/hop-${(hops += 1)}` }).end());
    const chained = createCalDavFetch({ timeoutMs: 2000, allowPrivateAddresses: true, maxRedirects: 3 });
    await expect(chained(`${chain}/`)).rejects.toMatchObject({ kind: 'too-many-redirects' });
    expect(hops).toBe(4);
    await expect(chained(`${chain}/again`)).rejects.toMatchObject({ kind: 'too-many-redirects' });
    expect(hops).toBe(4);

    const large = await serve((_request, response) => response.end('x'.repeat(4096)));
    const limited = createCalDavFetch({ timeoutMs: 2000, allowPrivateAddresses: true, maxBodyBytes: 1024 });
    await expect(limited(large)).rejects.toMatchObject({ kind: 'too-large' });
  });

  it('refuses loopback before connecting when private addresses are not allowed', async () => {
    let reached = false;
    const local = await serve((_request, response) => {
      reached = true;
      response.end();
    });
    const guarded = createCalDavFetch({ timeoutMs: 2000, allowPrivateAddresses: false });
    await expect(guarded(local)).rejects.toMatchObject({ kind: 'address-refused' });
    await expect(
      createCalDavFetch({ timeoutMs: 2000, allowPrivateAddresses: false })(local.replace('127.0.0.1', 'localhost')),
    ).rejects.toMatchObject({
      kind: 'address-refused',
    });
    expect(reached).toBe(false);
  });
});
