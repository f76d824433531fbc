import { createHash } from "node:crypto";
import { PDFDocument, PDFHexString } from "pdf-lib";

// Encrypted PDFs for tests, made with the standard security handler (RC4, revision 2) by hand:
// pdf-lib cannot encrypt, and these tests must not depend on LibreOffice being installed.

/** The 32-byte padding of the standard security handler (PDF 32000-1, 7.6.3.3). */
const PADDING = Buffer.from("28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A", "hex");

function rc4(key: Buffer, data: Buffer): Buffer {
  const state = Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + state[i]! + key[i % key.length]!) & 255;
    [state[i], state[j]] = [state[j]!, state[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + state[i]!) & 255;
    [state[i], state[j]] = [state[j]!, state[i]!];
    out[n] = data[n]! ^ state[(state[i]! + state[j]!) & 255]!;
  }
  return out;
}

/**
 * The PDF with an /Encrypt dictionary. `openWithoutPassword`: the user password is empty, so readers
 * open it and only its permissions are restricted (its own objects are not actually encrypted, which
 * a page count does not notice); otherwise the file needs a password nobody knows.
 */
export async function makeEncryptedPdf(pdf: Buffer, options: { openWithoutPassword: boolean }): Promise<Buffer> {
  const document = await PDFDocument.load(pdf);
  const id = createHash("md5").update("docsvc test file").digest();
  const owner = createHash("md5").update("owner password").digest();
  const ownerEntry = rc4(owner.subarray(0, 5), PADDING);
  const permissions = -44; // printing only
  const permissionBytes = Buffer.alloc(4);
  permissionBytes.writeInt32LE(permissions);
  const key = createHash("md5")
    .update(Buffer.concat([PADDING, ownerEntry, permissionBytes, id]))
    .digest()
    .subarray(0, 5);
  const userEntry = options.openWithoutPassword ? rc4(key, PADDING) : Buffer.alloc(32, 0x41);
  const context = document.context;
  context.trailerInfo.Encrypt = context.register(
    context.obj({
      Filter: "Standard",
      V: 1,
      R: 2,
      O: PDFHexString.of(ownerEntry.toString("hex")),
      U: PDFHexString.of(userEntry.toString("hex")),
      P: permissions,
    }),
  );
  context.trailerInfo.ID = context.obj([PDFHexString.of(id.toString("hex")), PDFHexString.of(id.toString("hex"))]);
  // Plain objects: an object stream would be read through the (absent) encryption.
  return Buffer.from(await document.save({ useObjectStreams: false }));
}
