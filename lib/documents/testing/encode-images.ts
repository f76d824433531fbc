import { crc32, deflateSync } from "node:zlib";

// Hand-written encoders for formats sharp cannot write, so tests can generate real samples.

export function encodeBmp(image: { width: number; height: number; pixels: Buffer }): Buffer {
  const rowSize = Math.ceil((image.width * 3) / 4) * 4;
  const file = Buffer.alloc(54 + rowSize * image.height);
  file.write("BM", 0, "latin1");
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(image.width, 18);
  file.writeInt32LE(image.height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(rowSize * image.height, 34);
  for (let row = 0; row < image.height; row++) {
    const target = 54 + (image.height - 1 - row) * rowSize;
    for (let column = 0; column < image.width; column++) {
      const source = (row * image.width + column) * 3;
      file[target + column * 3] = image.pixels[source + 2];
      file[target + column * 3 + 1] = image.pixels[source + 1];
      file[target + column * 3 + 2] = image.pixels[source];
    }
  }
  return file;
}

/** An 8-bit RGB PSD with raw (uncompressed) composite image data. */
export function encodePsd(image: { width: number; height: number; pixels: Buffer }): Buffer {
  const header = Buffer.alloc(26);
  header.write("8BPS", 0, "latin1");
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(3, 12);
  header.writeUInt32BE(image.height, 14);
  header.writeUInt32BE(image.width, 18);
  header.writeUInt16BE(8, 22);
  header.writeUInt16BE(3, 24);
  const emptySections = Buffer.alloc(12);
  const compression = Buffer.alloc(2);
  const planeSize = image.width * image.height;
  const planes = Buffer.alloc(planeSize * 3);
  for (let index = 0; index < planeSize; index++) {
    for (let channel = 0; channel < 3; channel++)
      planes[channel * planeSize + index] = image.pixels[index * 3 + channel];
  }
  return Buffer.concat([header, emptySections, compression, planes]);
}

/**
 * A valid, highly compressed 1-bit PNG of width × height white pixels: a decompression bomb
 * (30,000 × 30,000 is ~110 KB on disk, 900 megapixels decoded).
 */
export function compressedBombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length, 0);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body), 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1;
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)), 0xff);
  for (let row = 0; row < height; row++) rows[row * (1 + Math.ceil(width / 8))] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A WordPerfect 5.1 document: the 16-byte prefix ("\xFFWPC", document offset, product 1, file
 * type 10, version 0.1) followed by text where 0x0A is a hard return.
 */
export function encodeWordPerfect(paragraphs: string[]): Buffer {
  const header = Buffer.alloc(16);
  header.writeUInt8(0xff, 0);
  header.write("WPC", 1, "latin1");
  header.writeUInt32LE(16, 4);
  header[8] = 1;
  header[9] = 10;
  header[10] = 0;
  header[11] = 1;
  return Buffer.concat([header, Buffer.from(paragraphs.join("\n") + "\n", "latin1")]);
}
