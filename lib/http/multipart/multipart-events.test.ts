import { describe, expect, it } from "vitest";
import { MalformedMultipartError, multipartEvents } from "./multipart-events";
import { multipartBoundary } from "./read-multipart-form";

/** A form as a client sends it: its bytes and Content-Type. */
async function encoded(form: FormData): Promise<{ bytes: Buffer; contentType: string }> {
  const request = new Request("http://test.local/", { method: "POST", body: form });
  return { bytes: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get("content-type") ?? "" };
}

async function* inPieces(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += size)
    yield new Uint8Array(bytes.subarray(offset, offset + size));
}

interface Entry {
  name: string;
  filename: string | null;
  contentType: string | null;
  body: string;
}

async function entriesOf(chunks: AsyncIterable<Uint8Array>, boundary: string): Promise<Entry[]> {
  const entries: Entry[] = [];
  let pieces: Buffer[] = [];
  for await (const event of multipartEvents(chunks, boundary)) {
    if (event.kind === "part") {
      entries.push({ name: event.name, filename: event.filename, contentType: event.contentType, body: "" });
      pieces = [];
    } else if (event.kind === "data") pieces.push(Buffer.from(event.bytes));
    else entries.at(-1)!.body = Buffer.concat(pieces).toString("latin1");
  }
  return entries;
}

const raw = (text: string) => inPieces(Buffer.from(text, "latin1"), 1 << 16);

describe("multipartEvents", () => {
  it("reads fields and files alike in any split of the body, delimiter-like bytes in a file included", async () => {
    const boundary = "----formdata-test-0123456789";
    const form = new FormData();
    form.append("batch_name", "Receipts – März");
    const tricky = Buffer.concat([
      Buffer.from(`\r\n--${boundary.slice(0, 10)}\r\n--`),
      Buffer.alloc(3000, 0x2d),
      Buffer.from("\r\n"),
    ]);
    form.append("files", new File([tricky], "first.pdf", { type: "application/pdf" }));
    form.append("files", new File([Buffer.alloc(70_000, 9)], "second.bin"));
    form.append("skip_processing", "true");
    const { bytes, contentType } = await encoded(form);
    const expected = [
      {
        name: "batch_name",
        filename: null,
        contentType: null,
        body: Buffer.from("Receipts – März").toString("latin1"),
      },
      { name: "files", filename: "first.pdf", contentType: "application/pdf", body: tricky.toString("latin1") },
      {
        name: "files",
        filename: "second.bin",
        contentType: "application/octet-stream",
        body: Buffer.alloc(70_000, 9).toString("latin1"),
      },
      { name: "skip_processing", filename: null, contentType: null, body: "true" },
    ];
    for (const size of [1, 2, 7, 41, 1000, 65_536, bytes.length])
      expect(await entriesOf(inPieces(bytes, size), multipartBoundary(contentType)!)).toEqual(expected);
  });

  it("takes leading line breaks, a preamble, padding after a delimiter and an epilogue", async () => {
    const body =
      '\r\n\r\nA preamble.\r\n--b  \r\nContent-Disposition: form-data; name="a"\r\n\r\none\r\n--b--\r\nAn epilogue.';
    expect(await entriesOf(raw(body), "b")).toEqual([{ name: "a", filename: null, contentType: null, body: "one" }]);
  });

  it("gives a part without content an empty body", async () => {
    const body =
      '--b\r\nContent-Disposition: form-data; name="files"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--b--';
    expect(await entriesOf(raw(body), "b")).toEqual([
      { name: "files", filename: "", contentType: "application/octet-stream", body: "" },
    ]);
  });

  it("refuses a body cut before its closing delimiter, a part without a name and endless headers", async () => {
    const cut = '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end';
    await expect(entriesOf(raw(cut), "b")).rejects.toBeInstanceOf(MalformedMultipartError);
    const nameless = "--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--";
    await expect(entriesOf(raw(nameless), "b")).rejects.toBeInstanceOf(MalformedMultipartError);
    const endless = `--b\r\nContent-Disposition: form-data; name="a"\r\nX-Filler: ${"x".repeat(70_000)}`;
    await expect(entriesOf(raw(endless), "b")).rejects.toThrow("too long");
    const glued = '--bContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--b--';
    await expect(entriesOf(raw(glued), "b")).rejects.toBeInstanceOf(MalformedMultipartError);
  });
});
