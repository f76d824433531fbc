import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { readBodyChunks } from "../read-body";
import { readMultipartForm } from "./read-multipart-form";
import { uploadSpool, type UploadSpool } from "./upload-spool";

function request(form: FormData): Request {
  return new Request("http://test.local/", { method: "POST", body: form });
}

/** The spool, also telling which files it handed out. */
function watchedSpool(): UploadSpool & { paths: string[] } {
  const spool = uploadSpool();
  const paths: string[] = [];
  return {
    paths,
    nextPath: async () => {
      const next = await spool.nextPath();
      paths.push(next);
      return next;
    },
    remove: () => spool.remove(),
  };
}

async function read(req: Request, spool: UploadSpool, limit = 1 << 30): Promise<FormData> {
  return readMultipartForm({
    chunks: readBodyChunks(req, limit),
    contentType: req.headers.get("content-type") ?? "",
    spool,
  });
}

describe("readMultipartForm", () => {
  it("gives files read from the spool with their names and types, and fields as strings", async () => {
    const pdf = Buffer.alloc(3 * 1024 * 1024 + 17, 0x25);
    const form = new FormData();
    form.append("files", new File([pdf], "scan.pdf", { type: "application/pdf" }));
    form.append("files", new File([Buffer.from("a,b\n1,2\n")], "table.csv", { type: "text/csv" }));
    form.append("batch_name", "Quarter 3");
    const spool = watchedSpool();
    try {
      const parsed = await read(request(form), spool);
      const files = parsed.getAll("files") as File[];
      expect(files.map((file) => [file.name, file.type, file.size])).toEqual([
        ["scan.pdf", "application/pdf", pdf.length],
        ["table.csv", "text/csv", 8],
      ]);
      expect(Buffer.from(await files[0].arrayBuffer()).equals(pdf)).toBe(true);
      expect(await files[1].text()).toBe("a,b\n1,2\n");
      expect(parsed.get("batch_name")).toBe("Quarter 3");
      expect(spool.paths).toHaveLength(2);
      expect(spool.paths.every((file) => existsSync(file))).toBe(true);
    } finally {
      await spool.remove();
    }
    expect(existsSync(path.dirname(spool.paths[0]))).toBe(false);
  });

  it("keeps an empty file input (as a browser sends it) as an empty file without a name", async () => {
    const req = new Request("http://test.local/", {
      method: "POST",
      body: '--b\r\nContent-Disposition: form-data; name="files"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--b--\r\n',
      headers: { "content-type": "multipart/form-data; boundary=b" },
    });
    const spool = uploadSpool();
    try {
      const file = (await read(req, spool)).get("files") as File;
      expect([file.name, file.size]).toEqual(["", 0]);
    } finally {
      await spool.remove();
    }
  });

  it("refuses a body over the limit with 413 while it arrives", async () => {
    const form = new FormData();
    form.append("files", new File([Buffer.alloc(2 * 1024 * 1024, 1)], "big.pdf"));
    const sent = request(form);
    const req = new Request("http://test.local/", {
      method: "POST",
      body: await sent.arrayBuffer(),
      headers: { "content-type": sent.headers.get("content-type")! },
    });
    const spool = watchedSpool();
    try {
      const error = await read(req, spool, 1024 * 1024).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: "payload_too_large", status: 413 });
    } finally {
      await spool.remove();
    }
    expect(spool.paths.every((file) => !existsSync(file))).toBe(true);
  });

  it("refuses a malformed body with 400", async () => {
    const req = new Request("http://test.local/", {
      method: "POST",
      body: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\ncut short',
      headers: { "content-type": "multipart/form-data; boundary=b" },
    });
    await expect(read(req, uploadSpool())).rejects.toMatchObject({
      code: "bad_request",
      message: "Malformed form body",
    });
  });
});
