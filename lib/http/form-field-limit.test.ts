import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { MAX_FORM_FIELD_BYTES } from "./form-field-limit";
import { uploadSpool } from "./multipart/upload-spool";
import { readFormBody } from "./read-body";

const noLimit = 1024 * 1024 * 1024;

/** The body read as the route kit reads it, its files spooled until `remove`. */
async function readForm(body: FormData | URLSearchParams): Promise<FormData> {
  const spool = uploadSpool();
  try {
    const form = await readFormBody(new Request("http://test.local/", { method: "POST", body }), noLimit, spool);
    // Files are read before the spool goes, as a handler reads them.
    for (const [name, value] of form)
      if (typeof value !== "string") form.set(name, new File([await value.arrayBuffer()], value.name));
    return form;
  } finally {
    await spool.remove();
  }
}

async function refusal(body: FormData | URLSearchParams): Promise<AppError> {
  const error = await readForm(body).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("form field sizes", () => {
  it("refuses a multipart text field over the limit with a 413 naming the field", async () => {
    const form = new FormData();
    form.append("file", new File([Buffer.from("Total: 5")], "a.txt", { type: "text/plain" }));
    form.append("schema", "[".padEnd(MAX_FORM_FIELD_BYTES + 1, " "));
    const error = await refusal(form);
    expect(error).toMatchObject({ code: "payload_too_large", status: 413 });
    expect(error.message).toBe("The form field schema is 4 MB; fields other than files hold at most 4 MB");
  });

  it("accepts a field at the limit and a file larger than it", async () => {
    const form = new FormData();
    form.append("field_mappings", "x".repeat(MAX_FORM_FIELD_BYTES));
    form.append("file", new File([Buffer.alloc(MAX_FORM_FIELD_BYTES * 2, 7)], "big.bin"));
    form.append("batch_name", "after the file");
    const parsed = await readForm(form);
    expect((parsed.get("field_mappings") as string).length).toBe(MAX_FORM_FIELD_BYTES);
    expect((parsed.get("file") as File).size).toBe(MAX_FORM_FIELD_BYTES * 2);
    expect(parsed.get("batch_name")).toBe("after the file");
  });

  it("refuses an oversize urlencoded value and accepts small ones", async () => {
    const error = await refusal(new URLSearchParams({ a: "1", token: "t".repeat(MAX_FORM_FIELD_BYTES + 10) }));
    expect(error).toMatchObject({ code: "payload_too_large", status: 413 });
    expect(error.message).toContain("The form field token is 4 MB");
    expect(Object.fromEntries(await readForm(new URLSearchParams({ a: "1", b: "two" })))).toEqual({ a: "1", b: "two" });
  });

  it("refuses a multipart body without a boundary as malformed", async () => {
    const request = new Request("http://test.local/", {
      method: "POST",
      body: "a=1",
      headers: { "content-type": "multipart/form-data" },
    });
    await expect(readFormBody(request, noLimit, uploadSpool())).rejects.toMatchObject({ code: "bad_request" });
  });

  it("refuses a body that is neither form with 415", async () => {
    const request = new Request("http://test.local/", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    await expect(readFormBody(request, noLimit, uploadSpool())).rejects.toMatchObject({
      code: "unsupported_media_type",
    });
  });
});
