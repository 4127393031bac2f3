import { describe, expect, it } from 'vitest';
import { withDuration, withWebmDuration } from './webmDuration';

/** EBML bytes: an id, an 8-byte size (or unknown), then the data. */
function element(id: number[], data: number[] | null, unknownSize = false): number[] {
  if (unknownSize) return [...id, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
  return [...id, 0x80 | data!.length, ...data!];
}

/** What MediaRecorder writes first: the EBML header, a Segment of unknown size, Info without a Duration, then a Cluster. */
function liveWebm(): Uint8Array {
  const header = element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], [...new TextEncoder().encode('webm')]));
  const info = element([0x15, 0x49, 0xa9, 0x66], [...element([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]), ...element([0x4d, 0x80], [0x41])]);
  const cluster = element([0x1f, 0x43, 0xb6, 0x75], [0xe7, 0x81, 0x00]);
  return Uint8Array.from([...header, ...element([0x18, 0x53, 0x80, 0x67], null, true), ...info, ...cluster]);
}

function durationIn(bytes: Uint8Array): number | null {
  for (let at = 0; at < bytes.length - 11; at += 1) {
    if (bytes[at] === 0x44 && bytes[at + 1] === 0x89 && bytes[at + 2] === 0x88)
      return new DataView(bytes.buffer, bytes.byteOffset).getFloat64(at + 3);
  }
  return null;
}

describe('withDuration', () => {
  it('adds a Duration to Info, in milliseconds at the default timecode scale, keeping what follows', () => {
    const original = liveWebm();
    const patched = withDuration(original, 4321.5)!;
    expect(durationIn(patched)).toBe(4321.5);
    // The cluster is still there, unchanged, at the end.
    expect([...patched.slice(-7)]).toEqual([...original.slice(-7)]);
    // Patching again overwrites instead of adding a second one.
    const again = withDuration(patched, 1000)!;
    expect(again.length).toBe(patched.length);
    expect(durationIn(again)).toBe(1000);
  });

  it('leaves what is not a WebM alone', async () => {
    expect(withDuration(new TextEncoder().encode('not a webm file'), 1000)).toBeNull();
    const blob = new Blob(['plain text'], { type: 'text/plain' });
    expect(await withWebmDuration(blob, 1000)).toBe(blob);
  });

  it('patches a recording blob, keeping its type', async () => {
    const blob = new Blob([liveWebm() as BlobPart], { type: 'video/webm' });
    const patched = await withWebmDuration(blob, 2500);
    expect(patched.type).toBe('video/webm');
    expect(durationIn(new Uint8Array(await patched.arrayBuffer()))).toBe(2500);
  });
});
