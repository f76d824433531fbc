import { describe, expect, it } from "vitest";
import { sendFile } from "./send-file";

const bodyOf = (text: string) => new Response(text).body!;

describe("sendFile", () => {
  it("sends a whole file as an attachment with its type, length and caching", async () => {
    const response = sendFile({
      body: bodyOf("%PDF-1.7"),
      contentType: "application/pdf",
      fileName: "Rechnung März.pdf",
      size: 8,
      cacheControl: "private, no-store",
    });
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toEqual({
      "content-type": "application/pdf",
      "content-length": "8",
      "content-disposition": `attachment; filename="Rechnung M_rz.pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz.pdf`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    });
    expect(await response.text()).toBe("%PDF-1.7");
  });

  it("leaves the length out of a file written as it streams, and adds the operation's own headers", () => {
    const response = sendFile({
      body: bodyOf("PK"),
      contentType: "application/zip",
      fileName: "export.docx",
      headers: { "x-export-mode": "docx" },
    });
    expect(response.headers.get("content-length")).toBeNull();
    expect(response.headers.get("x-export-mode")).toBe("docx");
  });

  it("answers 206 with Content-Range for a part, and 416 for a range past the end", async () => {
    const part = sendFile({
      body: bodyOf("NG"),
      contentType: "image/png",
      size: 10,
      ranges: { part: { start: 2, end: 3 } },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 2-3/10");
    expect(part.headers.get("content-length")).toBe("2");
    expect(part.headers.get("accept-ranges")).toBe("bytes");
    expect(part.headers.get("content-disposition")).toBeNull();

    const whole = sendFile({ body: bodyOf("0123456789"), contentType: "image/png", size: 10, ranges: {} });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("content-range")).toBeNull();

    const past = sendFile({ rangeNotSatisfiable: true, size: 10 });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe("bytes */10");
    expect(await past.text()).toBe("");
  });
});
