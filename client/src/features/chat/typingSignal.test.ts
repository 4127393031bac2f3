import { describe, expect, it, vi } from 'vitest';
import { TypingSignal } from './typingSignal';

function setup() {
  let now = 0;
  const sent: boolean[] = [];
  const answers: Array<() => void> = [];
  const send = vi.fn((stopped: boolean) => {
    sent.push(stopped);
    return new Promise<void>((resolve) => answers.push(resolve));
  });
  const signal = new TypingSignal(send, 3000, () => now);
  /** Answers every signal as it is sent, until none is waiting. */
  const settle = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    while (answers.length > 0) {
      answers.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { signal, sent, settle, at: (time: number) => (now = time) };
}

describe('TypingSignal', () => {
  it('sends the first keystroke at once and later ones at most every interval', async () => {
    const { signal, sent, settle, at } = setup();
    signal.typed();
    at(1000);
    signal.typed();
    at(2999);
    signal.typed();
    await settle();
    expect(sent).toEqual([false]);
    at(3000);
    signal.typed();
    await settle();
    expect(sent).toEqual([false, false]);
  });

  it('sends a stop when the text is cleared or sent, and the next keystroke goes out at once', async () => {
    const { signal, sent, settle, at } = setup();
    signal.typed();
    at(500);
    signal.stopped();
    at(600);
    signal.typed();
    await settle();
    expect(sent).toEqual([false, true, false]);
  });

  it('sends no stop when no start went out', async () => {
    const { signal, sent, settle } = setup();
    signal.stopped();
    signal.stopped();
    await settle();
    expect(sent).toEqual([]);
  });

  it('sends one signal after the other, so a stop never overtakes its start', async () => {
    const { signal, sent, settle, at } = setup();
    signal.typed();
    at(10);
    signal.stopped();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The start is not answered yet: the stop waits for it.
    expect(sent).toEqual([false]);
    await settle();
    expect(sent).toEqual([false, true]);
  });

  it('goes on after a signal fails', async () => {
    let now = 0;
    const sent: boolean[] = [];
    const signal = new TypingSignal(
      (stopped) => {
        sent.push(stopped);
        return Promise.reject(new Error('offline'));
      },
      3000,
      () => now,
    );
    signal.typed();
    now = 100;
    signal.stopped();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([false, true]);
  });
});
