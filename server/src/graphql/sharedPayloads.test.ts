import { describe, expect, it, vi } from 'vitest';
import { SharedPayloads } from './sharedPayloads';

const turnEnds = () => new Promise((resolve) => setImmediate(resolve));

describe('SharedPayloads: one execution per event for the subscribers who see the same', () => {
  it('executes once for the same event, operation and visibility, and gives every subscriber the same JSON', () => {
    const shared = new SharedPayloads();
    const event = { seq: 1 };
    const execute = vi.fn(() => ({ data: { subMessage: { body: 'hello' } } }));
    const payloads = Array.from({ length: 3 }, () => shared.payloadFor(event, 'subMessage($project: "p1")', 'reader', execute));
    expect(execute).toHaveBeenCalledTimes(1);
    expect(payloads.map((payload) => 'dataJson' in payload && payload.dataJson)).toEqual(Array(3).fill('{"subMessage":{"body":"hello"}}'));
    expect(shared.counts).toEqual({ executed: 1, shared: 2 });
  });

  it('executes apart for other variables or documents, another visibility, or another event', () => {
    const shared = new SharedPayloads();
    const event = { seq: 1 };
    const execute = vi.fn(() => ({ data: { ok: true } }));
    void shared.payloadFor(event, 'document, project p1', 'reader', execute);
    void shared.payloadFor(event, 'document, project p2', 'reader', execute);
    void shared.payloadFor(event, 'another document, project p1', 'reader', execute);
    void shared.payloadFor(event, 'document, project p1', 'author', execute);
    void shared.payloadFor(event, 'document, project p1', 'reader+moderator', execute);
    void shared.payloadFor({ seq: 2 }, 'document, project p1', 'reader', execute);
    expect(execute).toHaveBeenCalledTimes(6);
    expect(shared.counts.shared).toBe(0);
  });

  it('shares an execution that waits (a loader) as one promise', async () => {
    const shared = new SharedPayloads();
    const event = { seq: 1 };
    const execute = vi.fn(async () => ({ data: { file: null } }));
    const [first, second] = [shared.payloadFor(event, 'key', 'everyone', execute), shared.payloadFor(event, 'key', 'everyone', execute)];
    expect(second).toBe(first);
    expect((await first).dataJson).toBe('{"file":null}');
    expect(execute).toHaveBeenCalledTimes(1);
  });

  it('keeps a result with errors unserialized, for each subscriber to format with its own request id', () => {
    const shared = new SharedPayloads();
    const result = { data: null, errors: [new Error('boom')] as never };
    const payload = shared.payloadFor({}, 'key', 'everyone', () => result);
    expect(payload).toEqual({ result, dataJson: null });
  });

  it('keeps an event’s payloads past the turn that delivered it, for subscribers whose judgement ended later', async () => {
    const shared = new SharedPayloads();
    const event = { seq: 1 };
    const execute = vi.fn(() => ({ data: { ok: true } }));
    void shared.payloadFor(event, 'key', 'everyone', execute);
    await turnEnds();
    void shared.payloadFor(event, 'key', 'everyone', execute);
    expect(execute).toHaveBeenCalledTimes(1);
    expect(shared.counts).toEqual({ executed: 1, shared: 1 });
    shared.clear();
  });

  it('drops an event’s payloads after its keeping time, and executes again for a subscriber after that', async () => {
    const shared = new SharedPayloads(5);
    const event = { seq: 1 };
    const execute = vi.fn(() => ({ data: { ok: true } }));
    void shared.payloadFor(event, 'key', 'everyone', execute);
    expect(shared.size).toBe(1);
    await vi.waitFor(() => expect(shared.size).toBe(0));
    void shared.payloadFor(event, 'key', 'everyone', execute);
    expect(execute).toHaveBeenCalledTimes(2);
    shared.clear();
    expect(shared.size).toBe(0);
  });
});
