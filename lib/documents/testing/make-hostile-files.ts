import { constants, crc32, deflateSync } from "node:zlib";

// Malformed and hostile inputs for the fuzz and abuse suites, built byte by byte: headers that
// declare enormous images (decompression bombs refused before decoding), truncated and corrupt
// files of each format, page trees that loop, an encrypted office package.

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header declares width × height; its pixel data is a token row (never decoded). */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.alloc(1024))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A baseline TIFF (one 8-bit grey strip) whose header declares width × height. */
export function tiffDeclaring(width: number, height: number): Buffer {
  const entries: TiffEntry[] = [
    [256, 4, width],
    [257, 4, height],
    [258, 3, 8],
    [259, 3, 1],
    [262, 3, 1],
    [273, 4, 8 + 2 + 10 * 12 + 4],
    [277, 3, 1],
    [278, 4, height],
    [279, 4, 16],
    [284, 3, 1],
  ];
  return Buffer.concat([
    Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]),
    tiffDirectory(entries, 0),
    Buffer.alloc(16),
  ]);
}

type TiffEntry = [tag: number, type: number, value: number];

/** One TIFF image directory (little-endian, one value per entry), pointing at the next one or at none (0). */
function tiffDirectory(entries: TiffEntry[], next: number): Buffer {
  const ifd = Buffer.alloc(2 + entries.length * 12 + 4);
  ifd.writeUInt16LE(entries.length, 0);
  entries.forEach(([tag, type, value], index) => {
    const at = 2 + index * 12;
    ifd.writeUInt16LE(tag, at);
    ifd.writeUInt16LE(type, at + 2);
    ifd.writeUInt32LE(1, at + 4);
    if (type === 3) ifd.writeUInt16LE(value, at + 8);
    else ifd.writeUInt32LE(value, at + 8);
  });
  ifd.writeUInt32LE(next, ifd.length - 4);
  return ifd;
}

/**
 * A TIFF of `pages` pages (640 × 480 grey) whose headers are sound and whose pixels are missing: each
 * strip lies past the end of the file. It opens and counts its pages, and no page decodes.
 */
export function tiffWithoutPixels(pages: number): Buffer {
  const [width, height] = [640, 480];
  const entries: TiffEntry[] = [
    [256, 4, width],
    [257, 4, height],
    [258, 3, 8],
    [259, 3, 1],
    [262, 3, 1],
    [273, 4, 1 << 30],
    [277, 3, 1],
    [278, 4, height],
    [279, 4, width * height],
    [284, 3, 1],
  ];
  const ifdSize = 2 + entries.length * 12 + 4;
  const ifds = Array.from({ length: pages }, (_, page) =>
    tiffDirectory(entries, page + 1 < pages ? 8 + (page + 1) * ifdSize : 0),
  );
  return Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), ...ifds]);
}

/** A GIF whose screen and image declare width × height (at most 65,535 each). */
export function gifDeclaring(width: number, height: number): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt16LE(width, 0);
  size.writeUInt16LE(height, 2);
  return Buffer.concat([
    Buffer.from("GIF89a", "latin1"),
    size,
    Buffer.from([0x00, 0x00, 0x00]),
    Buffer.from([0x2c, 0, 0, 0, 0]),
    size,
    Buffer.from([0x00, 0x02, 0x02, 0x4c, 0x01, 0x00, 0x3b]),
  ]);
}

/** A JPEG whose frame header declares width × height (at most 65,535 each). */
export function jpegDeclaring(width: number, height: number): Buffer {
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0, 0, 0, 0, 0x01, 0x01, 0x11, 0x00]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  const scan = Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), frame, scan, Buffer.alloc(64), Buffer.from([0xff, 0xd9])]);
}

/** A 24-bit BMP whose header declares width × height. */
export function bmpDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(54);
  header.write("BM", 0, "latin1");
  header.writeUInt32LE(54 + 64, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  return Buffer.concat([header, Buffer.alloc(64)]);
}

/** A Photoshop file whose header declares width × height (at most 30,000 each), RGB. */
export function psdDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(26);
  header.write("8BPS", 0, "latin1");
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(3, 12);
  header.writeUInt32BE(height, 14);
  header.writeUInt32BE(width, 18);
  header.writeUInt16BE(8, 22);
  header.writeUInt16BE(3, 24);
  return Buffer.concat([header, Buffer.alloc(64)]);
}

/** An SVG declaring a width × height canvas in pixels. */
export function svgDeclaring(width: number, height: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="10" height="10"/></svg>`,
  );
}

/** A PDF written object by object as given (object n is `objects[n - 1]`), with its cross-reference table. */
function writePdf(objects: string[]): Buffer {
  let body = "%PDF-1.7\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** A PDF with a page tree but no pages. */
export function zeroPagePdf(): Buffer {
  return writePdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"]);
}

/** A PDF whose page tree counts a page but has no kids: no page to find. */
export function miscountedZeroPagePdf(): Buffer {
  return writePdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 1 >>"]);
}

/**
 * A PDF whose page tree leads back to itself: one real page, then the root again among its own kids
 * (`through: "self"`), or a second node whose only kid is the root (`through: "child"`).
 */
export function loopingPageTreePdf(through: "self" | "child" = "self"): Buffer {
  const text = "BT /F1 24 Tf 72 700 Td (Invoice 12) Tj ET";
  const loop = through === "self" ? "2 0 R" : "6 0 R";
  return writePdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [3 0 R ${loop}] /Count 2 >>`,
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    "<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>",
  ]);
}

/** A PNG whose header is sound (800 × 600 grey) and whose pixel data is not zlib data at all. */
export function pngWithGarbledPixels(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(800, 0);
  header.writeUInt32BE(600, 4);
  header[8] = 8;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", Buffer.from("these bytes are no deflate stream, just garbage")),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * An Office document encrypted with a password, as Office writes it: an OLE2 compound file with an
 * EncryptedPackage stream instead of a ZIP package (only the signature and the stream name matter).
 */
export function encryptedOfficeFile(): Buffer {
  const header = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return Buffer.concat([
    header,
    Buffer.alloc(504),
    Buffer.from("EncryptedPackage\0", "utf16le"),
    Buffer.from("EncryptionInfo\0", "utf16le"),
    Buffer.alloc(1024),
  ]);
}

/**
 * A one-page PDF whose content stream inflates to `megabytes` of spaces through `layers` FlateDecode
 * filters: with two layers, 2 GB fit in about 4 KB. `inObjectStream` puts the page tree in an
 * object stream that inflates the same way instead.
 */
export function inflatingPdf(megabytes: number, options: { layers?: number; inObjectStream?: boolean } = {}): Buffer {
  const layers = options.layers ?? 2;
  const squeeze = (data: Buffer) => {
    let squeezed = data;
    // Run-length matching is the fast way to deflate a long run of one byte.
    for (let layer = 0; layer < layers; layer++)
      squeezed = deflateSync(squeezed, {
        level: 9,
        strategy: layer === 0 ? constants.Z_RLE : constants.Z_DEFAULT_STRATEGY,
      });
    return squeezed;
  };
  const filter = `[${Array.from({ length: layers }, () => "/FlateDecode").join(" ")}]`;
  const padding = Buffer.alloc(megabytes * 1024 * 1024, 0x20);
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n")];
  const offsets: number[] = [];
  const add = (number: number, dictionary: string, stream?: Buffer) => {
    offsets[number] = parts.reduce((sum, part) => sum + part.length, 0);
    parts.push(Buffer.from(`${number} 0 obj\n${dictionary}\n`));
    if (stream) parts.push(Buffer.from("stream\n"), stream, Buffer.from("\nendstream\n"));
    parts.push(Buffer.from("endobj\n"));
  };
  add(1, "<< /Type /Catalog /Pages 2 0 R >>");
  const pages = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>";
  const page = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>";
  if (options.inObjectStream) {
    const body = Buffer.concat([Buffer.from(`${pages} ${page} `), padding]);
    const header = `2 0 3 ${pages.length + 1} `;
    const objects = squeeze(Buffer.concat([Buffer.from(header), body]));
    add(5, `<< /Type /ObjStm /N 2 /First ${header.length} /Length ${objects.length} /Filter ${filter} >>`, objects);
    const content = Buffer.from("BT ET");
    add(4, `<< /Length ${content.length} >>`, content);
  } else {
    add(2, pages);
    add(3, page);
    const content = squeeze(padding);
    add(4, `<< /Length ${content.length} /Filter ${filter} >>`, content);
  }
  const size = offsets.length;
  const xrefAt = parts.reduce((sum, part) => sum + part.length, 0);
  const rows = Array.from({ length: size }, (_, number) =>
    offsets[number] === undefined ? "0000000000 65535 f \n" : `${String(offsets[number]).padStart(10, "0")} 00000 n \n`,
  );
  parts.push(
    Buffer.from(
      `xref\n0 ${size}\n${rows.join("")}trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}
