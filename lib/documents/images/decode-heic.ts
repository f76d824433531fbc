import { DocumentError } from "@/lib/errors/document-error";

// sharp's prebuilt libvips reads HEIF only with AV1 inside (AVIF); iPhone photos are HEVC inside
// (HEIC). heic-decode runs libheif compiled to WebAssembly, shipped inside its npm package, so no
// system library or download is needed. It is imported on first use: the bundle is 2 MB.

export interface DecodedHeicImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel. */
  rgba: Buffer;
}

function corrupt(error: unknown): DocumentError {
  const message = error instanceof Error ? error.message : String(error);
  return new DocumentError("corrupt_document", `The HEIC image cannot be read: ${message}`, { cause: error });
}

/**
 * Decode the first image of a HEIC file. `checkSize` sees the size from the container before any
 * pixel is decoded, so an oversized image is refused without spending memory on it.
 */
export async function decodeHeic(
  bytes: Buffer,
  checkSize: (width: number, height: number) => void,
): Promise<DecodedHeicImage> {
  const { default: decode } = await import("heic-decode");
  let images: Awaited<ReturnType<typeof decode.all>>;
  try {
    images = await decode.all({ buffer: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) });
  } catch (error) {
    throw corrupt(error);
  }
  try {
    const [first] = images;
    checkSize(first.width, first.height);
    let decoded: Awaited<ReturnType<typeof first.decode>>;
    try {
      decoded = await first.decode();
    } catch (error) {
      throw corrupt(error);
    }
    return {
      width: decoded.width,
      height: decoded.height,
      rgba: Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength),
    };
  } finally {
    images.dispose();
  }
}
