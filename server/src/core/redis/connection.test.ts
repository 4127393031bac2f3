import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../tests/support/postgresCluster';
import { startRedisServer, type RedisServer } from '../../../../tests/support/redisServer';
import { connectRedis, RedisUnavailableError } from './connection';

describe('connectRedis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis.stop());

  it('refuses an unreachable Redis with one message naming the URL without its password, and the reason', async () => {
    const port = await freePort();
    const refused = connectRedis(`redis://:s3cret@127.0.0.1:${port}`);
    await expect(refused).rejects.toBeInstanceOf(RedisUnavailableError);
    await expect(refused).rejects.toThrowError(`REDIS_URL redis://:***@127.0.0.1:${port} could not be reached: ECONNREFUSED`);
  });

  it('fails commands at once while Redis is away, and says when it is back', async () => {
    const connections = await connectRedis(redis.url);
    try {
      await connections.commands.set('key', 'value');
      expect(connections.state()).toBe('ready');
      let reconnections = 0;
      connections.onReconnected(() => (reconnections += 1));
      await redis.kill();
      await expect.poll(() => connections.state()).toBe('down');
      await expect(connections.commands.get('key')).rejects.toThrowError();
      await redis.start();
      await expect.poll(() => reconnections, { timeout: 15_000 }).toBe(1);
      expect(connections.state()).toBe('ready');
      expect(await connections.commands.get('key')).toBe(null);
    } finally {
      await connections.close();
    }
  });
});
