import { afterAll, beforeAll, beforeEach } from 'vitest';
import { connectRedis, type RedisConnections } from '../../server/src/core/redis/connection';
import { startRedisServer, type RedisServer } from './redisServer';

/**
 * A throw-away Redis for one test file (or describe block): started before its tests and stopped after them, with the
 * connections made through `connect` (a process's, as connectRedis makes them) closed first. `flushBeforeEach` empties
 * it before each test.
 */
export function useRedisServer(options: { flushBeforeEach?: boolean } = {}) {
  let server: RedisServer | undefined;
  const connections: RedisConnections[] = [];
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(connections.splice(0).map((connection) => connection.close()));
    await server?.stop();
  });
  if (options.flushBeforeEach) {
    beforeEach(async () => {
      const flushing = await connectRedis(server!.url);
      await flushing.commands.flushall();
      await flushing.close();
    });
  }
  return {
    get server(): RedisServer {
      if (!server) throw new Error('The test Redis is started before the tests run.');
      return server;
    },
    /** Connections of one more process to this Redis, closed after the tests. */
    async connect(): Promise<RedisConnections> {
      const connected = await connectRedis(this.server.url);
      connections.push(connected);
      return connected;
    },
  };
}
