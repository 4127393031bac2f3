/**
 * MediaRecorder writes WebM as it goes, so its header never says how long the recording is: browsers then report an
 * infinite duration and a seek bar that does not work. Knowing the length when recording ends, we write it into the
 * Segment's Info element (an EBML Duration, in Info's timecode scale, milliseconds by default) before uploading.
 */

const ids = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
} as const;

/** How much of the file's start is read: the Info element comes right after the header (and a SeekHead, if any). */
const headBytes = 64 * 1024;

interface Element {
  id: number;
  /** Where the element starts, where its data starts, and its data's length (null: unknown, as a live Segment's). */
  start: number;
  dataStart: number;
  size: number | null;
}

function readId(bytes: Uint8Array, at: number): { id: number; length: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 4 || at + length > bytes.length) return null;
  let id = 0;
  for (let index = 0; index < length; index += 1) id = id * 256 + bytes[at + index]!;
  return { id, length };
}

function readSize(bytes: Uint8Array, at: number): { size: number | null; length: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let size = first & (0xff >> length);
  let unknown = size === 0xff >> length;
  for (let index = 1; index < length; index += 1) {
    const byte = bytes[at + index]!;
    size = size * 256 + byte;
    unknown &&= byte === 0xff;
  }
  return { size: unknown ? null : size, length };
}

function readElement(bytes: Uint8Array, at: number): Element | null {
  const id = readId(bytes, at);
  if (!id) return null;
  const size = readSize(bytes, at + id.length);
  if (!size) return null;
  return { id: id.id, start: at, dataStart: at + id.length + size.length, size: size.size };
}

function readUnsigned(bytes: Uint8Array, element: Element): number {
  let value = 0;
  for (let index = 0; index < (element.size ?? 0); index += 1) value = value * 256 + bytes[element.dataStart + index]!;
  return value;
}

/** An 8-byte EBML size: room for any length, so Info can grow without moving anything else's size. */
function sizeBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(8);
  bytes[0] = 0x01;
  let rest = size;
  for (let index = 7; index >= 1; index -= 1) {
    bytes[index] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  return bytes;
}

function durationElement(duration: number): Uint8Array {
  const bytes = new Uint8Array(11);
  bytes.set([0x44, 0x89, 0x88]);
  new DataView(bytes.buffer).setFloat64(3, duration);
  return bytes;
}

/**
 * The file's first bytes with the duration written into Info, or null when they are not a WebM whose Info can be
 * found there. An existing Duration is overwritten; otherwise one is added at the end of Info.
 */
export function withDuration(head: Uint8Array, durationMs: number): Uint8Array | null {
  const header = readElement(head, 0);
  if (!header || header.id !== ids.ebml || header.size === null) return null;
  const segment = readElement(head, header.dataStart + header.size);
  if (!segment || segment.id !== ids.segment) return null;
  let at = segment.dataStart;
  while (at < head.length) {
    const element = readElement(head, at);
    if (!element || element.size === null) return null;
    const end = element.dataStart + element.size;
    if (element.id !== ids.info) {
      at = end;
      continue;
    }
    if (end > head.length) return null;
    let scale = 1_000_000;
    let existing: Element | null = null;
    for (let child = element.dataStart; child < end;) {
      const inner = readElement(head, child);
      if (!inner || inner.size === null) return null;
      if (inner.id === ids.timecodeScale) scale = readUnsigned(head, inner) || scale;
      if (inner.id === ids.duration) existing = inner;
      child = inner.dataStart + inner.size;
    }
    const duration = (durationMs * 1_000_000) / scale;
    if (existing && (existing.size === 8 || existing.size === 4)) {
      const patched = head.slice();
      const view = new DataView(patched.buffer);
      if (existing.size === 8) view.setFloat64(existing.dataStart, duration);
      else view.setFloat32(existing.dataStart, duration);
      return patched;
    }
    // A Segment of known size would need its size changed too; MediaRecorder's never has one.
    if (segment.size !== null) return null;
    const added = durationElement(duration);
    const infoId = head.subarray(element.start, element.start + (readId(head, element.start)?.length ?? 4));
    const content = head.subarray(element.dataStart, end);
    const newSize = sizeBytes(content.length + added.length);
    const patched = new Uint8Array(head.length + infoId.length + newSize.length + added.length - (element.dataStart - element.start));
    let offset = 0;
    for (const part of [head.subarray(0, element.start), infoId, newSize, content, added, head.subarray(end)]) {
      patched.set(part, offset);
      offset += part.length;
    }
    return patched;
  }
  return null;
}

/** The recording with its duration in the header; the recording unchanged when its header is not what was expected. */
export async function withWebmDuration(recording: Blob, durationMs: number): Promise<Blob> {
  const head = new Uint8Array(await recording.slice(0, headBytes).arrayBuffer());
  const patched = withDuration(head, durationMs);
  if (!patched) return recording;
  return new Blob([patched as BlobPart, recording.slice(head.length)], { type: recording.type });
}
