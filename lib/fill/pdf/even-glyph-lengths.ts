// @pdf-lib/fontkit 1.1 subsets a TrueType font by copying each glyph's bytes one after the other,
// and writes the subset's glyph offsets in the short loca format (offset / 2) whenever they fit. A
// glyph of odd length makes every later offset odd, halving truncates it, and viewers then draw
// those glyphs blank or garbled. Google's Noto CJK TrueType files have thousands of odd-length
// glyphs (DejaVu Sans has none). Padding every glyph with a zero byte to an even length (bytes after
// a glyph's data are ignored) makes the offsets of any subset even.

interface TableRecord {
  tag: string;
  offset: number;
  length: number;
}

function readTables(font: Buffer): TableRecord[] {
  const count = font.readUInt16BE(4);
  return Array.from({ length: count }, (_, index) => {
    const at = 12 + 16 * index;
    return {
      tag: font.toString("latin1", at, at + 4),
      offset: font.readUInt32BE(at + 8),
      length: font.readUInt32BE(at + 12),
    };
  });
}

function padTo4(data: Buffer): Buffer {
  return data.length % 4 === 0 ? data : Buffer.concat([data, Buffer.alloc(4 - (data.length % 4))]);
}

function checksum(data: Buffer): number {
  const padded = padTo4(data);
  let sum = 0;
  for (let at = 0; at < padded.length; at += 4) sum = (sum + padded.readUInt32BE(at)) >>> 0;
  return sum;
}

/** The font with its tables replaced where given, every table 4-byte aligned, checksums recomputed. */
function rebuildFont(font: Buffer, tables: TableRecord[], replaced: Map<string, Buffer>): Buffer {
  const header = Buffer.from(font.subarray(0, 12 + 16 * tables.length));
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach((table, index) => {
    const data = replaced.get(table.tag) ?? font.subarray(table.offset, table.offset + table.length);
    const at = 12 + 16 * index;
    header.writeUInt32BE(checksum(data), at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(data.length, at + 12);
    const body = padTo4(data);
    bodies.push(body);
    offset += body.length;
  });
  const result = Buffer.concat([header, ...bodies]);
  const head = tables.find((table) => table.tag === "head");
  if (head) {
    const headOffset = result.readUInt32BE(12 + 16 * tables.indexOf(head) + 8);
    result.writeUInt32BE((0xb1b0afba - checksum(result)) >>> 0, headOffset + 8);
  }
  return result;
}

/**
 * The TrueType font with every glyph padded to an even length (long loca offsets); the font itself
 * when its glyphs already are, or when it has no TrueType outlines (CFF, collections).
 */
export function withEvenGlyphLengths(font: Buffer): Buffer {
  if (font.length < 12 || font.toString("latin1", 0, 4) === "ttcf") return font;
  const tables = readTables(font);
  const table = (tag: string) => tables.find((record) => record.tag === tag);
  const head = table("head");
  const maxp = table("maxp");
  const loca = table("loca");
  const glyf = table("glyf");
  if (!head || !maxp || !loca || !glyf) return font;

  const longOffsets = font.readInt16BE(head.offset + 50) === 1;
  const glyphCount = font.readUInt16BE(maxp.offset + 4);
  const offsets = Array.from({ length: glyphCount + 1 }, (_, index) =>
    longOffsets ? font.readUInt32BE(loca.offset + 4 * index) : font.readUInt16BE(loca.offset + 2 * index) * 2,
  );
  if (offsets.every((offset) => offset % 2 === 0)) return font;

  const glyphs: Buffer[] = [];
  const newLoca = Buffer.alloc(4 * (glyphCount + 1));
  let position = 0;
  for (let glyph = 0; glyph < glyphCount; glyph++) {
    const data = font.subarray(glyf.offset + offsets[glyph], glyf.offset + offsets[glyph + 1]);
    glyphs.push(data.length % 2 === 0 ? data : Buffer.concat([data, Buffer.alloc(1)]));
    position += data.length + (data.length % 2);
    newLoca.writeUInt32BE(position, 4 * (glyph + 1));
  }
  const newHead = Buffer.from(font.subarray(head.offset, head.offset + head.length));
  newHead.writeInt16BE(1, 50);
  // The whole-font checksum adjustment is computed once the font is rebuilt.
  newHead.writeUInt32BE(0, 8);
  return rebuildFont(
    font,
    tables,
    new Map([
      ["glyf", Buffer.concat(glyphs)],
      ["loca", newLoca],
      ["head", newHead],
    ]),
  );
}
