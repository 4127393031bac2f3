/**
 * The duration a WebM file states in its header (Segment → Info → Duration, scaled by TimecodeScale). Browsers'
 * MediaRecorder files have Segments and Clusters of unknown size, which music-metadata cannot walk; the app's
 * recorders (calls, stories) write the Duration into Info before uploading, and this reads it back.
 */

const ids = { ebml: 0x1a45dfa3, segment: 0x18538067, info: 0x1549a966, timecodeScale: 0x2ad7b1, duration: 0x4489 } as const;

interface Element {
  id: number;
  dataStart: number;
  /** null: unknown size. */
  size: number | null;
}

function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let unknown = !keepMarker && value === 0xff >> length;
  for (let index = 1; index < length; index += 1) {
    const byte = bytes[at + index]!;
    value = value * 256 + byte;
    unknown &&= byte === 0xff;
  }
  return { value, length, unknown };
}

function readElement(bytes: Uint8Array, at: number): Element | null {
  const id = readVint(bytes, at, true);
  if (!id || id.length > 4) return null;
  const size = readVint(bytes, at + id.length, false);
  if (!size) return null;
  return { id: id.value, dataStart: at + id.length + size.length, size: size.unknown ? null : size.value };
}

/** Seconds, or null when the bytes are not a WebM whose Info (within them) states a duration. */
export function webmHeaderDuration(head: Uint8Array): number | null {
  const header = readElement(head, 0);
  if (!header || header.id !== ids.ebml || header.size === null) return null;
  const segment = readElement(head, header.dataStart + header.size);
  if (!segment || segment.id !== ids.segment) return null;
  for (let at = segment.dataStart; at < head.length;) {
    const element = readElement(head, at);
    if (!element || element.size === null) return null;
    const end = element.dataStart + element.size;
    if (element.id === ids.info) {
      let scale = 1_000_000;
      let duration: number | null = null;
      for (let child = element.dataStart; child < Math.min(end, head.length);) {
        const inner = readElement(head, child);
        if (!inner || inner.size === null || inner.dataStart + inner.size > head.length) return null;
        const view = new DataView(head.buffer, head.byteOffset + inner.dataStart, inner.size);
        if (inner.id === ids.timecodeScale && inner.size <= 6)
          scale = [...head.subarray(inner.dataStart, inner.dataStart + inner.size)].reduce((value, byte) => value * 256 + byte, 0) || scale;
        if (inner.id === ids.duration && inner.size === 8) duration = view.getFloat64(0);
        if (inner.id === ids.duration && inner.size === 4) duration = view.getFloat32(0);
        child = inner.dataStart + inner.size;
      }
      return duration !== null && Number.isFinite(duration) && duration > 0 ? (duration * scale) / 1e9 : null;
    }
    at = end;
  }
  return null;
}
