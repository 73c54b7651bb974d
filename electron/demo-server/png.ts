import { deflateSync } from 'node:zlib';

/** An RGBA colour, each channel 0 to 255. */
export type Rgba = readonly [number, number, number, number];

/** Paints one pixel; called once per pixel, row by row. */
export type PixelPainter = (x: number, y: number) => Rgba;

const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

let crcTable: Uint32Array | undefined;

function crc32(bytes: Uint8Array): number {
  // Built on first use rather than at module load, so importing the catalog stays free.
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  const typeAndData = out.subarray(4, 8 + data.length);
  typeAndData.set(new TextEncoder().encode(type), 0);
  typeAndData.set(data, 4);
  view.setUint32(8 + data.length, crc32(typeAndData));
  return out;
}

/**
 * Encodes a real, spec-valid 8-bit RGBA PNG (colour type 6, no interlace).
 * Deterministic: the same size and painter always give the same bytes.
 */
export function encodePng(width: number, height: number, paint: PixelPainter): Uint8Array {
  const header = new Uint8Array(13);
  const headerView = new DataView(header.buffer);
  headerView.setUint32(0, width);
  headerView.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8);

  // Each scanline starts with filter type 0 (None): simplest, and these images are tiny.
  const stride = width * 4 + 1;
  const raw = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = paint(x, y);
      raw.set(
        [r, g, b, a].map((channel) => Math.max(0, Math.min(255, Math.round(channel)))),
        y * stride + 1 + x * 4,
      );
    }
  }

  const parts = [
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
}

/** A filled disc on a transparent square: the shape of the Lumen mark and of the small icons. */
export function discPainter(size: number, inner: Rgba, outer: Rgba): PixelPainter {
  const centre = (size - 1) / 2;
  const radius = size / 2 - 0.5;
  return (x, y) => {
    const distance = Math.hypot(x - centre, y - centre);
    if (distance > radius) return [0, 0, 0, 0];
    const t = distance / radius;
    // Soften the rim by one pixel so the mark does not look jagged at small sizes.
    const alpha = Math.min(1, radius - distance + 0.5) * 255;
    return [
      inner[0] + (outer[0] - inner[0]) * t,
      inner[1] + (outer[1] - inner[1]) * t,
      inner[2] + (outer[2] - inner[2]) * t,
      alpha,
    ];
  };
}
