import { DocumentError } from "@/lib/errors/document-error";

// sharp's prebuilt libvips has no BMP loader; uncompressed BMPs (1/4/8/24/32 bits) are simple
// enough to decode here into RGB pixels.

export interface RawImage {
  width: number;
  height: number;
  channels: 3;
  pixels: Buffer;
}

export function readBmpSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.length < 54) throw new DocumentError("corrupt_document", "The BMP header is truncated");
  return { width: Math.abs(bytes.readInt32LE(18)), height: Math.abs(bytes.readInt32LE(22)) };
}

export function decodeBmp(bytes: Buffer): RawImage {
  const { width, height } = readBmpSize(bytes);
  const pixelOffset = bytes.readUInt32LE(10);
  const headerSize = bytes.readUInt32LE(14);
  const topDown = bytes.readInt32LE(22) < 0;
  const bitsPerPixel = bytes.readUInt16LE(28);
  const compression = bytes.readUInt32LE(30);
  if (![0, 3].includes(compression) || ![1, 4, 8, 24, 32].includes(bitsPerPixel)) {
    throw new DocumentError(
      "unsupported_format",
      `BMP with ${bitsPerPixel} bits per pixel and compression ${compression} is not supported`,
    );
  }
  const rowSize = Math.ceil((width * bitsPerPixel) / 32) * 4;
  if (pixelOffset + rowSize * height > bytes.length)
    throw new DocumentError("corrupt_document", "The BMP pixel data is truncated");
  const paletteOffset = 14 + headerSize;
  const pixels = Buffer.alloc(width * height * 3);
  for (let row = 0; row < height; row++) {
    const source = pixelOffset + (topDown ? row : height - 1 - row) * rowSize;
    for (let column = 0; column < width; column++) {
      const target = (row * width + column) * 3;
      if (bitsPerPixel >= 24) {
        const at = source + column * (bitsPerPixel / 8);
        pixels[target] = bytes[at + 2];
        pixels[target + 1] = bytes[at + 1];
        pixels[target + 2] = bytes[at];
        continue;
      }
      const bitOffset = column * bitsPerPixel;
      const byte = bytes[source + (bitOffset >> 3)];
      const index = (byte >> (8 - bitsPerPixel - (bitOffset & 7))) & ((1 << bitsPerPixel) - 1);
      const entry = paletteOffset + index * 4;
      pixels[target] = bytes[entry + 2];
      pixels[target + 1] = bytes[entry + 1];
      pixels[target + 2] = bytes[entry];
    }
  }
  return { width, height, channels: 3, pixels };
}
