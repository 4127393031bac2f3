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
    const topics = new OperationTopics(emitter, stuck, 3);
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
});
