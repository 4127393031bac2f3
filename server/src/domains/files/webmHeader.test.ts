import { describe, expect, it } from 'vitest';
import { webmHeaderDuration } from './webmHeader';

const element = (id: number[], data: number[]) => [...id, 0x80 | data.length, ...data];
const float64 = (value: number) => {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setFloat64(0, value);
  return [...bytes];
};

/** A MediaRecorder-like head: EBML header, a Segment of unknown size, Info (with the given children), a Cluster. */
function head(infoChildren: number[]): Uint8Array {
  const header = element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], [...Buffer.from('webm')]));
  const unknownSegment = [0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
  const info = element([0x15, 0x49, 0xa9, 0x66], infoChildren);
  return Uint8Array.from([...header, ...unknownSegment, ...info, 0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
}

describe('webmHeaderDuration', () => {
  it('reads the Duration of Info in seconds, with its timecode scale', () => {
    const scale = element([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]);
    expect(webmHeaderDuration(head([...scale, ...element([0x44, 0x89], float64(3787.2))]))).toBeCloseTo(3.7872, 6);
    // A scale of 1 µs: the duration counts microseconds.
    const microseconds = element([0x2a, 0xd7, 0xb1], [0x03, 0xe8]);
    expect(webmHeaderDuration(head([...microseconds, ...element([0x44, 0x89], float64(2_000_000))]))).toBe(2);
  });

  it('answers null for a live recording without Duration, and for bytes that are not WebM', () => {
    expect(webmHeaderDuration(head(element([0x4d, 0x80], [0x41])))).toBeNull();
    expect(webmHeaderDuration(Buffer.from('just some text'))).toBeNull();
    expect(webmHeaderDuration(new Uint8Array())).toBeNull();
  });
});
