import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainModule } from '../../server/src/domains/module';
import { DomainError } from '../../server/src/errors';
import { GraphqlTestClient } from './harness';
import { person } from './teamFactories';
import { logLevels, RawSocket, startLoggedServer, type LoggedServer } from './ws-harness';

const secret = 'SQLITE_CORRUPT at /srv/workspace/data: secret detail';

/** Operations that fail the way a bug would (a plain Error with internal text), and one that refuses as the domain does. */
const failingModule: DomainModule = {
  name: 'failing',
  typeDefs: /* GraphQL */ `
    extend type Query {
      failingQuery: String
    }
    extend type Subscription {
      failingStart: String
      failingDelivery: String
      refusingStart: String
    }
  `,
  resolvers: {
    Query: {
      failingQuery: () => {
        throw new Error(secret);
      },
    },
    Subscription: {
      failingStart: {
        subscribe: () => {
          throw new Error(secret);
        },
      },
      failingDelivery: {
        subscribe: async function* () {
          yield { failingDelivery: 'never shown' };
        },
        resolve: () => {
          throw new TypeError(secret);
        },
      },
      refusingStart: {
        subscribe: () => {
          throw new DomainError('PERMISSION_DENIED');
        },
      },
    },
  },
  projections: [],
  access: { failingQuery: 'signedIn', failingStart: 'signedIn', failingDelivery: 'signedIn', refusingStart: 'signedIn' },
};

let server: LoggedServer;
beforeAll(async () => {
  server = await startLoggedServer({}, [failingModule]);
});
afterAll(() => server.close());

const errorLinesWith = (requestId: unknown) => server.logs.filter((line) => line.level >= logLevels.error && line.requestId === requestId);

describe('internal errors', () => {
  it('reach an HTTP client as the generic message with the request id they were logged under', async () => {
    const me = await person(server, 'Bug');
    const result = await me.client.execute('{ failingQuery }');
    const [error] = result.errors ?? [];
    expect(error).toMatchObject({
      message: 'Something went wrong on the server.',
      extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: expect.any(String) },
    });
    expect(JSON.stringify(result)).not.toContain('secret');
    expect(errorLinesWith(error!.extensions.requestId)).toHaveLength(1);
  });

  it('reach a websocket client masked, when a subscription starts and when it delivers, and are logged with the request id', async () => {
    const me = await person(server, 'Live');
    const socket = await RawSocket.open(server.websocketUrl, { cookie: me.client.cookieHeader() });
    await socket.init();
    for (const operation of ['failingStart', 'failingDelivery']) {
      socket.subscribe(operation, `subscription { ${operation} }`);
      const [error] = await socket.errorsOf(operation);
      expect(error, operation).toMatchObject({
        message: 'Something went wrong on the server.',
        extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: expect.any(String) },
      });
      expect(errorLinesWith(error!.extensions.requestId), operation).toHaveLength(1);
    }
    expect(JSON.stringify(socket.received)).not.toContain('secret');
    socket.close();
  });

  it('keep refusals apart: their code and message reach the client, and they are logged as information', async () => {
    const me = await person(server, 'Refused');
    const socket = await RawSocket.open(server.websocketUrl, { cookie: me.client.cookieHeader() });
    await socket.init();
    socket.subscribe('refused', 'subscription { refusingStart }');
    const [error] = await socket.errorsOf('refused');
    expect(error).toMatchObject({ extensions: { code: 'PERMISSION_DENIED', requestId: expect.any(String) } });
    expect(errorLinesWith(error!.extensions.requestId)).toEqual([]);
    expect(server.logs.some((line) => line.level === logLevels.info && line.requestId === error!.extensions.requestId)).toBe(true);
    socket.close();
  });

  it('answer an anonymous HTTP caller of a signed-in operation with the SPEC message, not an internal error', async () => {
    const result = await new GraphqlTestClient(server).execute('{ failingQuery }');
    expect(result.errors?.[0]).toMatchObject({ message: 'No access token', extensions: { code: 'UNAUTHENTICATED' } });
  });
});
