import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A gzip body with holes: the fixed parts are compressed once, and each
 * request's values (the CSP nonce) are spliced in as stored deflate blocks.
 * Every fixed part is compressed as its own raw-deflate run ending in a sync
 * flush (byte-aligned, no final bit, no references across parts), so the
 * pieces concatenate into one valid deflate stream; the gzip trailer's CRC-32
 * is computed over the whole text per request (fast, no compression).
 */
export interface GzipTemplate {
  /** The full text with `values` in the holes, gzip-encoded. */
  render(values: readonly string[]): Buffer;
  holes: number;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]);
/** An empty, final stored block: ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const MAX_STORED = 0xffff;

function storedBlocks(data: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += MAX_STORED) {
    const chunk = data.subarray(offset, offset + MAX_STORED);
    const header = Buffer.alloc(5);
    header[0] = 0x00; // not final, stored
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

/** `parts` are the fixed texts around the holes: parts.length = holes + 1. */
export function createGzipTemplate(parts: readonly string[], level = 6): GzipTemplate {
  if (parts.length === 0) throw new RangeError('A template needs at least one part');
  const raw = parts.map((p) => Buffer.from(p, 'utf8'));
  const compressed = raw.map((p) =>
    p.length === 0 ? Buffer.alloc(0) : deflateRawSync(p, { level, finishFlush: constants.Z_SYNC_FLUSH }),
  );
  return {
    holes: parts.length - 1,
    render(values) {
      if (values.length !== parts.length - 1) throw new RangeError(`Expected ${parts.length - 1} values`);
      const pieces: Buffer[] = [GZIP_HEADER];
      let crc = 0;
      let size = 0;
      raw.forEach((part, i) => {
        pieces.push(compressed[i]!);
        crc = crc32(part, crc);
        size += part.length;
        const value = values[i];
        if (value !== undefined) {
          const bytes = Buffer.from(value, 'utf8');
          pieces.push(...storedBlocks(bytes));
          crc = crc32(bytes, crc);
          size += bytes.length;
        }
      });
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE(size >>> 0, 4);
      pieces.push(FINAL_BLOCK, trailer);
      return Buffer.concat(pieces);
    },
  };
}
