import { DocumentError } from "@/lib/errors/document-error";
import type { RawImage } from "./decode-bmp";

// A PSD stores a flattened composite of all layers after the layer section; that composite is
// what a reader needs. 8-bit RGB and greyscale, raw or PackBits-compressed, are decoded here.

export function readPsdSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.length < 26) throw new DocumentError("corrupt_document", "The PSD header is truncated");
  return { width: bytes.readUInt32BE(18), height: bytes.readUInt32BE(14) };
}

function unpackBits(
  bytes: Buffer,
  start: number,
  end: number,
  target: Buffer,
  targetStart: number,
  length: number,
): void {
  let at = start;
  let written = 0;
  while (at < end && written < length) {
    const header = bytes.readInt8(at++);
    if (header >= 0) {
      const count = Math.min(header + 1, length - written);
      bytes.copy(target, targetStart + written, at, at + count);
      at += header + 1;
      written += count;
    } else if (header !== -128) {
      const count = Math.min(1 - header, length - written);
      target.fill(bytes[at++], targetStart + written, targetStart + written + count);
      written += count;
    }
  }
}

export function decodePsd(bytes: Buffer): RawImage {
  const { width, height } = readPsdSize(bytes);
  const version = bytes.readUInt16BE(4);
  const channelCount = bytes.readUInt16BE(12);
  const depth = bytes.readUInt16BE(22);
  const colorMode = bytes.readUInt16BE(24);
  if (version !== 1 || depth !== 8 || ![1, 3].includes(colorMode)) {
    throw new DocumentError("unsupported_format", "Only 8-bit RGB or greyscale PSD files are supported");
  }
  let at = 26;
  for (let section = 0; section < 3; section++) {
    if (at + 4 > bytes.length) throw new DocumentError("corrupt_document", "The PSD file is truncated");
    at += 4 + bytes.readUInt32BE(at);
  }
  const compression = bytes.readUInt16BE(at);
  at += 2;
  const planeSize = width * height;
  const colorChannels = colorMode === 3 ? 3 : 1;
  const planes = Buffer.alloc(planeSize * channelCount);
  if (compression === 0) {
    bytes.copy(planes, 0, at, at + planes.length);
  } else if (compression === 1) {
    const rowCounts = channelCount * height;
    let data = at + rowCounts * 2;
    for (let row = 0; row < rowCounts; row++) {
      const length = bytes.readUInt16BE(at + row * 2);
      unpackBits(bytes, data, data + length, planes, row * width, width);
      data += length;
    }
  } else {
    throw new DocumentError("unsupported_format", `PSD compression ${compression} is not supported`);
  }
  const pixels = Buffer.alloc(planeSize * 3);
  for (let index = 0; index < planeSize; index++) {
    for (let channel = 0; channel < 3; channel++) {
      pixels[index * 3 + channel] = planes[(colorChannels === 3 ? channel : 0) * planeSize + index];
    }
  }
  return { width, height, channels: 3, pixels };
}
