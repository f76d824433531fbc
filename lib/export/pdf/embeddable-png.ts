import sharp from "sharp";

export interface PngLayout {
  width: number;
  height: number;
  bitDepth: number;
  colours: 1 | 3;
  /** Compressed image data, exactly as the PNG's IDAT chunks hold it. */
  data: Buffer;
}

/**
 * The PNG's size and compressed data, to embed the way img2pdf does it: a grey or RGB PNG without interlacing has its IDAT data
 * put into the PDF unchanged (FlateDecode with PNG predictors), so nothing is decoded or recompressed.
 * Any other PNG (alpha, palette, interlaced) is flattened by sharp first.
 */
export async function embeddablePng(png: Buffer): Promise<PngLayout> {
  const layout =
    readPngLayout(png) ?? readPngLayout(await sharp(png).flatten({ background: "#ffffff" }).png().toBuffer());
  if (!layout) throw new Error("The page image could not be read as a PNG");
  return layout;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The PNG's size and compressed data when it can be embedded as is (grey or RGB, 8 bit, not interlaced); null otherwise. */
function readPngLayout(png: Buffer): PngLayout | null {
  if (png.length < 33 || !png.subarray(0, 8).equals(SIGNATURE)) return null;
  const chunks: Buffer[] = [];
  let header: { width: number; height: number; bitDepth: number; colourType: number; interlace: number } | undefined;
  for (let offset = 8; offset + 8 <= png.length;) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR")
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        bitDepth: body[8],
        colourType: body[9],
        interlace: body[12],
      };
    else if (type === "IDAT") chunks.push(body);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  if (!header || chunks.length === 0 || header.interlace !== 0 || header.bitDepth !== 8) return null;
  if (header.colourType !== 0 && header.colourType !== 2) return null;
  return {
    width: header.width,
    height: header.height,
    bitDepth: 8,
    colours: header.colourType === 0 ? 1 : 3,
    data: Buffer.concat(chunks),
  };
}
