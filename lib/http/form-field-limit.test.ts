import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { MAX_FORM_FIELD_BYTES } from "./form-field-limit";
import { parseFormBody } from "./read-body";

/** The bytes and Content-Type a client sends for a body, as the route kit receives them. */
async function encoded(body: FormData | URLSearchParams): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: string }> {
  const request = new Request("http://test.local/", { method: "POST", body });
  return { bytes: new Uint8Array(await request.arrayBuffer()), type: request.headers.get("content-type") ?? "" };
}

async function refusal(body: FormData | URLSearchParams): Promise<AppError> {
  const { bytes, type } = await encoded(body);
  const error = await parseFormBody(bytes, type).then(
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
    const { bytes, type } = await encoded(form);
    const parsed = await parseFormBody(bytes, type);
    expect((parsed.get("field_mappings") as string).length).toBe(MAX_FORM_FIELD_BYTES);
    expect((parsed.get("file") as File).size).toBe(MAX_FORM_FIELD_BYTES * 2);
    expect(parsed.get("batch_name")).toBe("after the file");
  });

  it("refuses an oversize urlencoded value and accepts small ones", async () => {
    const error = await refusal(new URLSearchParams({ a: "1", token: "t".repeat(MAX_FORM_FIELD_BYTES + 10) }));
    expect(error).toMatchObject({ code: "payload_too_large", status: 413 });
    expect(error.message).toContain("The form field token is 4 MB");
    const { bytes, type } = await encoded(new URLSearchParams({ a: "1", b: "two" }));
    expect(Object.fromEntries(await parseFormBody(bytes, type))).toEqual({ a: "1", b: "two" });
  });

  it("leaves a multipart body without a boundary to the parser, which refuses it as malformed", async () => {
    const { bytes } = await encoded(new URLSearchParams({ a: "1" }));
    await expect(parseFormBody(bytes, "multipart/form-data")).rejects.toMatchObject({ code: "bad_request" });
  });
});
