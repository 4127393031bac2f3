import mqemitter from 'mqemitter';
import { describe, expect, it, vi } from 'vitest';
import { OperationTopics } from './liveTopics';

const publish = (emitter: ReturnType<typeof mqemitter>, topic: string, payload: unknown) => emitter.emit({ topic, payload });
/** Events reach the queues once the turn that published them is over. */
const turnOver = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('OperationTopics', () => {
  it('delivers the payloads of every topic it listens on, in order', async () => {
    const emitter = mqemitter({ concurrency: 0 });
    const topics = new OperationTopics(emitter, () => undefined);
    const queue = await topics.subscribe(['team:a', 'stream:b']);
    publish(emitter, 'team:a', 1);
    publish(emitter, 'other', 2);
    publish(emitter, 'stream:b', 3);
    expect(await queue.next()).toEqual({ value: 1, done: false });
    expect(await queue.next()).toEqual({ value: 3, done: false });
  });

  it('leaves out the events a subscription says are of no concern to it', async () => {
    const emitter = mqemitter({ concurrency: 0 });
    const topics = new OperationTopics(emitter, () => undefined);
    const queue = await topics.subscribe('team:a', (payload: { type: string }) => payload.type.startsWith('project.'));
    publish(emitter, 'team:a', { type: 'message.created' });
    publish(emitter, 'team:a', { type: 'project.updated' });
    expect(await queue.next()).toEqual({ value: { type: 'project.updated' }, done: false });
  });

  it('ends a waiting reader at once when closed, and stops listening', async () => {
    const emitter = mqemitter({ concurrency: 0 });
    const topics = new OperationTopics(emitter, () => undefined);
    const queue = await topics.subscribe('team:a');
    const waiting = queue.next();
    topics.close();
    expect(await waiting).toEqual({ value: undefined, done: true });
    publish(emitter, 'team:a', 1);
    expect(await queue.next()).toEqual({ value: undefined, done: true });
    expect(await (await topics.subscribe('team:a')).next()).toEqual({ value: undefined, done: true });
  });

  it('hands events over once the turn that published them is over, so the publisher finishes first', async () => {
    const emitter = mqemitter({ concurrency: 0 });
    const topics = new OperationTopics(emitter, () => undefined);
    const queue = await topics.subscribe('team:a');
    const received: unknown[] = [];
    const reading = (async () => {
      for (let count = 0; count < 2; count += 1) received.push((await queue.next()).value);
    })();
    publish(emitter, 'team:a', 1);
    publish(emitter, 'team:a', 2);
    // However many microtasks the publisher's own work takes, no reader has the events yet.
    for (let step = 0; step < 20; step += 1) await Promise.resolve();
    expect(received).toEqual([]);
    await reading;
    expect(received).toEqual([1, 2]);
  });

  it('reports a reader that lets more than the limit of events pile up', async () => {
    const emitter = mqemitter({ concurrency: 0 });
    const stuck = vi.fn();
    const topics = new OperationTopics(emitter, stuck, { limit: 3 });
    await topics.subscribe('team:a');
    for (let index = 0; index < 3; index += 1) publish(emitter, 'team:a', index);
    await turnOver();
    expect(stuck).not.toHaveBeenCalled();
    publish(emitter, 'team:a', 3);
    await turnOver();
    expect(stuck).toHaveBeenCalledTimes(1);
  });

  it('hands a listener the events waiting first, then each one in the handover, inside its round', async () => {
    const emitter = mqemitter({ concurrency: 0 });
    const log: string[] = [];
    const round = { open: () => log.push('open'), close: () => log.push('close') };
    const [first, second] = [new OperationTopics(emitter, () => undefined), new OperationTopics(emitter, () => undefined)];
    const queues = [await first.subscribe('team:a'), await second.subscribe('team:a')];
    publish(emitter, 'team:a', 1);
    await turnOver();
    queues.forEach((queue, index) =>
      queue.listen({ next: (value) => log.push(`${index}:${String(value)}`), end: () => log.push(`${index}:end`), round }),
    );
    expect(log).toEqual(['0:1', '1:1']);
    log.length = 0;
    publish(emitter, 'team:a', 2);
    publish(emitter, 'team:a', 3);
    await turnOver();
    expect(log).toEqual(['open', '0:2', '1:2', '0:3', '1:3', 'close']);
    log.length = 0;
    first.close();
    expect(log).toEqual(['0:end']);
  });

  it('stops handing a listener the events waiting once it has ended the queue', async () => {
    const emitter = mqemitter({ concurrency: 0 });
    const topics = new OperationTopics(emitter, () => undefined);
    const queue = await topics.subscribe('team:a');
    publish(emitter, 'team:a', 1);
    publish(emitter, 'team:a', 2);
    await turnOver();
    const heard: unknown[] = [];
    queue.listen({
      next: (value) => {
        heard.push(value);
        topics.close();
      },
      end: () => heard.push('end'),
    });
    expect(heard).toEqual([1, 'end']);
  });

  describe('a listener or a round that throws during a handover', () => {
    const silentLog = () => ({ error: vi.fn<(details: object, message: string) => void>() });

    it('ends that queue alone, logged: the other subscribers get every event of the batch', async () => {
      const emitter = mqemitter({ concurrency: 0 });
      const log = silentLog();
      const log2 = silentLog();
      const [failing, healthy] = [
        new OperationTopics(emitter, () => undefined, { log }),
        new OperationTopics(emitter, () => undefined, { log: log2 }),
      ];
      const [failingQueue, healthyQueue] = [await failing.subscribe('team:a'), await healthy.subscribe('team:a')];
      const heard: string[] = [];
      const round = { open: () => heard.push('open'), close: () => heard.push('close') };
      const failure = new Error('a cleanup callback failed');
      failingQueue.listen({
        next: () => {
          throw failure;
        },
        end: () => heard.push('failing:end'),
        round,
      });
      healthyQueue.listen({ next: (value) => heard.push(`healthy:${String(value)}`), end: () => heard.push('healthy:end'), round });
      publish(emitter, 'team:a', 1);
      publish(emitter, 'team:a', 2);
      await turnOver();
      expect(heard).toEqual(['open', 'failing:end', 'healthy:1', 'healthy:2', 'close']);
      expect(log.error).toHaveBeenCalledTimes(1);
      expect(log.error).toHaveBeenCalledWith({ err: failure }, expect.stringContaining('its queue is ended'));
      expect(log2.error).not.toHaveBeenCalled();
      expect(await failingQueue.next()).toEqual({ value: undefined, done: true });
    });

    it('logs a listener that throws again as its queue is ended, and goes on', async () => {
      const emitter = mqemitter({ concurrency: 0 });
      const log = silentLog();
      const [failing, healthy] = [
        new OperationTopics(emitter, () => undefined, { log }),
        new OperationTopics(emitter, () => undefined, { log }),
      ];
      const [failingQueue, healthyQueue] = [await failing.subscribe('team:a'), await healthy.subscribe('team:a')];
      const heard: unknown[] = [];
      failingQueue.listen({
        next: () => {
          throw new Error('next failed');
        },
        end: () => {
          throw new Error('end failed');
        },
      });
      healthyQueue.listen({ next: (value) => heard.push(value), end: () => undefined });
      publish(emitter, 'team:a', 1);
      await turnOver();
      expect(heard).toEqual([1]);
      expect(log.error.mock.calls.map(([details]) => (details as { err: Error }).err.message)).toEqual(['next failed', 'end failed']);
    });

    it('hands the events over without a round whose open fails, once undone, and opens it once per handover', async () => {
      const emitter = mqemitter({ concurrency: 0 });
      const log = silentLog();
      const heard: string[] = [];
      const round = {
        open: () => {
          heard.push('open');
          throw new Error('The database connection is not open');
        },
        close: () => heard.push('close'),
      };
      const operations = [new OperationTopics(emitter, () => undefined, { log }), new OperationTopics(emitter, () => undefined, { log })];
      const queues = await Promise.all(operations.map((topics) => topics.subscribe('team:a')));
      queues.forEach((queue, index) =>
        queue.listen({ next: (value) => heard.push(`${index}:${String(value)}`), end: () => heard.push(`${index}:end`), round }),
      );
      publish(emitter, 'team:a', 1);
      publish(emitter, 'team:a', 2);
      await turnOver();
      // Closed right after its failed open (the undo), and not again at the end of the handover.
      expect(heard).toEqual(['open', 'close', '0:1', '1:1', '0:2', '1:2']);
      expect(log.error).toHaveBeenCalledTimes(1);
    });

    it('ends the queues of a round whose open fails and cannot be undone, instead of judging in it', async () => {
      const emitter = mqemitter({ concurrency: 0 });
      const log = silentLog();
      const heard: string[] = [];
      const broken = {
        open: () => {
          throw new Error('open failed');
        },
        close: () => {
          throw new Error('close failed');
        },
      };
      const healthyRound = { open: () => heard.push('open'), close: () => heard.push('close') };
      const operations = [new OperationTopics(emitter, () => undefined, { log }), new OperationTopics(emitter, () => undefined, { log })];
      const [brokenQueue, healthyQueue] = await Promise.all(operations.map((topics) => topics.subscribe('team:a')));
      brokenQueue!.listen({ next: (value) => heard.push(`broken:${String(value)}`), end: () => heard.push('broken:end'), round: broken });
      healthyQueue!.listen({
        next: (value) => heard.push(`healthy:${String(value)}`),
        end: () => heard.push('healthy:end'),
        round: healthyRound,
      });
      publish(emitter, 'team:a', 1);
      publish(emitter, 'team:a', 2);
      await turnOver();
      expect(heard).toEqual(['broken:end', 'open', 'healthy:1', 'healthy:2', 'close']);
      expect(await brokenQueue!.next()).toEqual({ value: undefined, done: true });
    });
  });
});
