import { describe, expect, it } from "vitest";
import { parsePartHeaders } from "./part-headers";

describe("parsePartHeaders", () => {
  it("reads a text field and a file with the type a browser sends", () => {
    expect(parsePartHeaders('Content-Disposition: form-data; name="batch_name"')).toEqual({
      name: "batch_name",
      filename: null,
      contentType: null,
    });
    expect(
      parsePartHeaders(
        'content-disposition: form-data; name="files"; filename="scan 1.pdf"\r\nContent-Type: application/pdf',
      ),
    ).toEqual({ name: "files", filename: "scan 1.pdf", contentType: "application/pdf" });
  });

  it("decodes browsers' escapes, UTF-8 names and RFC 5987 names", () => {
    expect(parsePartHeaders('Content-Disposition: form-data; name="f"; filename="say %22hi%22%0A.pdf"')?.filename).toBe(
      'say "hi"\n.pdf',
    );
    expect(parsePartHeaders('Content-Disposition: form-data; name="f"; filename="Rechnung März.pdf"')?.filename).toBe(
      "Rechnung März.pdf",
    );
    expect(
      parsePartHeaders(
        'Content-Disposition: form-data; name="f"; filename="x.pdf"; filename*=UTF-8\'\'%E2%82%AC%20rates.pdf',
      )?.filename,
    ).toBe("€ rates.pdf");
  });

  it("gives a file without a type text/plain, and one with a type that is not ASCII none", () => {
    expect(parsePartHeaders('Content-Disposition: form-data; name="f"; filename="a"')?.contentType).toBe("text/plain");
    expect(
      parsePartHeaders('Content-Disposition: form-data; name="f"; filename="a"\r\nContent-Type: bild/bé')?.contentType,
    ).toBe("");
  });

  it("refuses a part without a name, one not form-data, and a header line without a colon", () => {
    expect(parsePartHeaders('Content-Disposition: form-data; filename="a"')).toBeUndefined();
    expect(parsePartHeaders('Content-Disposition: attachment; name="a"')).toBeUndefined();
    expect(parsePartHeaders('Content-Disposition: form-data; name="a"\r\nbroken line')).toBeUndefined();
  });
});
