import { expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import { bearer, createApiKey, createUser, type TestUser } from "../../support/accounts";
import { guestHeaders } from "../batch-support";
import { expiredToken, forgedTokens, type NamedToken } from "./forged-tokens";
import type { HostileFile } from "./hostile-inputs";

// The cases of the fuzz and abuse suite (fuzz.spec.ts), one table per kind of input, and what the
// suite compares before and after: everything the callers own.

export interface Case {
  name: string;
  send: () => Promise<APIResponse>;
  /** Allowed statuses; any 4xx when absent. */
  statuses?: number[];
}

export interface Callers {
  user: TestUser;
  /** /v1 rate limits are per key (Free: 10 a minute): requests rotate over several keys. */
  nextKey: () => Record<string, string>;
  guestSession: string;
  /** An expired token signed with the server's own key, and a token revoked by signing out everywhere. */
  replayedTokens: NamedToken[];
}

const requestTimeout = 30_000;

export async function callers(request: APIRequestContext): Promise<Callers> {
  const user = await createUser(request);
  const keys: string[] = [];
  for (let index = 0; index < 8; index++) keys.push((await createApiKey(request, user.token, `fuzz ${index}`)).key);
  let used = 0;
  const session = await (await request.get("/api/batch/guest-session", { headers: guestHeaders() })).json();
  const replayedTokens: NamedToken[] = [];
  const expired = await expiredToken(request, user);
  if (expired) replayedTokens.push({ label: "expired token", value: expired });
  const leaver = await createUser(request);
  expect((await request.post("/api/auth/sign-out-everywhere", { headers: bearer(leaver.token) })).status()).toBe(200);
  replayedTokens.push({ label: "token revoked by signing out everywhere", value: leaver.token });
  return {
    user,
    nextKey: () => bearer(keys[Math.floor(used++ / 8) % keys.length]),
    guestSession: session.session_id,
    replayedTokens,
  };
}

function filePart(file: HostileFile) {
  return { name: file.name, mimeType: "application/octet-stream", buffer: file.bytes };
}

export function uploadCases(request: APIRequestContext, files: HostileFile[], who: Callers): Case[] {
  const cases: Case[] = [];
  for (const file of files) {
    cases.push({
      name: `/v1/extract: ${file.label}`,
      send: () =>
        request.post("/v1/extract", {
          headers: who.nextKey(),
          multipart: { file: filePart(file) },
          timeout: requestTimeout,
        }),
    });
    // Files that only fail once read are refused by the synchronous /v1/extract (a failed job, as
    // for any read failure); the batch and OCR endpoints keep such files as failed documents.
    if (!file.atUpload) continue;
    cases.push({
      name: `batch upload: ${file.label}`,
      send: () =>
        request.post("/api/batch/upload", {
          headers: bearer(who.user.token),
          multipart: { files: filePart(file) },
          timeout: requestTimeout,
        }),
    });
    cases.push({
      name: `/api/ocr/process: ${file.label}`,
      send: () =>
        request.post("/api/ocr/process", {
          headers: bearer(who.user.token),
          multipart: { file: filePart(file) },
          timeout: requestTimeout,
        }),
    });
  }
  for (const file of files.filter((candidate) => candidate.atUpload).slice(0, 12)) {
    cases.push({
      name: `guest upload: ${file.label}`,
      send: () =>
        request.post("/api/batch/upload", {
          multipart: { files: filePart(file), guest_session_id: who.guestSession },
          timeout: requestTimeout,
        }),
    });
  }
  return cases;
}

function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
}

export function inputCases(request: APIRequestContext, who: Callers): Case[] {
  const user = bearer(who.user.token);
  const json = (path: string, data: string, method: "post" | "put" = "post", headers: Record<string, string> = user) =>
    request[method](path, {
      headers: { ...headers, "content-type": "application/json" },
      data,
      timeout: requestTimeout,
    });
  const get = (path: string, headers: Record<string, string> = user) =>
    request.get(path, { headers, timeout: requestTimeout });
  const documentPath = "/api/batch/6f1d0c8e-3a5b-4d2e-9f10-2b7c8d9e0a1b/document/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
  const cases: Case[] = [
    // Bodies: oversized, deep, malformed, wrong type, NUL characters.
    {
      name: "JSON body of 2 MB",
      send: () => json("/api/users/me/api-keys", JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) })),
      statuses: [413],
    },
    {
      name: "page PUT nesting 5,000 levels",
      send: () => json(`${documentPath}/page/1`, `{"structured_data":${nested(5_000)}}`, "put"),
      statuses: [422],
    },
    {
      name: "document PUT nesting 5,000 levels",
      send: () => json(documentPath, `[{"page_number":1,"structured_data":${nested(5_000)}}]`, "put"),
      statuses: [422],
    },
    { name: "malformed JSON", send: () => json("/api/users/me/api-keys", '{"name": "x",') },
    { name: "JSON of the wrong shape", send: () => json("/api/users/me/api-keys", "[1,2,3]") },
    {
      name: "NUL in an API key name",
      send: () => json("/api/users/me/api-keys", JSON.stringify({ name: "key\u0000name" })),
      statuses: [422],
    },
    {
      name: "NUL in a login email",
      send: () => json("/api/auth/login", JSON.stringify({ email: "a\u0000@example.test", password: "x" }), "post", {}),
      statuses: [422],
    },
    {
      name: "JSON sent to a multipart route",
      send: () =>
        request.post("/v1/extract", {
          headers: { ...who.nextKey(), "content-type": "application/json" },
          data: "{}",
          timeout: requestTimeout,
        }),
      statuses: [415],
    },
    {
      name: "text/plain sent to a multipart route",
      send: () =>
        request.post("/api/batch/upload", {
          headers: { ...user, "content-type": "text/plain" },
          data: "hello",
          timeout: requestTimeout,
        }),
      statuses: [415],
    },
    {
      name: "multipart with a broken boundary",
      send: () =>
        request.post("/api/batch/upload", {
          headers: { ...user, "content-type": "multipart/form-data; boundary=zzz" },
          data: "--yyy\r\nbroken",
          timeout: requestTimeout,
        }),
    },
    {
      name: "NUL in a batch name",
      send: () =>
        request.post("/api/batch/upload", {
          headers: user,
          multipart: {
            batch_name: "batch\u0000name",
            files: { name: "a.txt", mimeType: "text/plain", buffer: Buffer.from("hello") },
          },
          timeout: requestTimeout,
        }),
      statuses: [422],
    },
    // Written by hand: a client library may escape or drop a NUL in a file name.
    {
      name: "NUL in a file name",
      send: () => rawMultipart(request, "/api/batch/upload", user, Buffer.from("a\u0000.txt")),
      statuses: [400, 422],
    },
    {
      name: "file name of 5,000 characters",
      send: () =>
        request.post("/api/batch/upload", {
          headers: user,
          multipart: {
            files: { name: `${"n".repeat(5_000)}.txt`, mimeType: "text/plain", buffer: Buffer.from("hello") },
          },
          timeout: requestTimeout,
        }),
      statuses: [422],
    },
    {
      name: "file name that is not UTF-8",
      send: () =>
        rawMultipart(request, "/api/batch/upload", user, Buffer.from([0x66, 0xff, 0xfe, 0x2e, 0x74, 0x78, 0x74])),
      statuses: [422],
    },
    {
      name: "NUL in a schema field name",
      send: () =>
        request.post("/v1/extract", {
          headers: who.nextKey(),
          multipart: {
            file: { name: "a.txt", mimeType: "text/plain", buffer: Buffer.from("Total: 5") },
            schema: JSON.stringify([{ name: "to\u0000tal", type: "number" }]),
          },
          timeout: requestTimeout,
        }),
      statuses: [422],
    },
    {
      name: "NUL in field_mappings",
      send: () =>
        request.post("/v1/fill/pdf", {
          headers: who.nextKey(),
          multipart: {
            target_pdf: { name: "form.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7") },
            field_mappings: JSON.stringify({ name: "a\u0000b" }),
          },
          timeout: requestTimeout,
        }),
      statuses: [422],
    },
    {
      name: "a 50 MB schema field",
      send: () =>
        request.post("/v1/extract", {
          headers: who.nextKey(),
          multipart: {
            file: { name: "a.txt", mimeType: "text/plain", buffer: Buffer.from("Total: 5") },
            schema: "[".padEnd(50 * 1024 * 1024, " "),
          },
          timeout: requestTimeout,
        }),
      statuses: [413],
    },
    // Paths: malformed percent-encoding, NUL, traversal in storage keys in several encodings.
    {
      name: "malformed percent-encoding in /api/batch/status",
      send: () => get("/api/batch/status/%ff"),
      statuses: [400],
    },
    { name: "malformed percent-encoding in /v1/jobs", send: () => get("/v1/jobs/%ff", who.nextKey()), statuses: [400] },
    { name: "malformed percent-encoding in an unknown path", send: () => get("/api/nonexistent/%ff"), statuses: [400] },
    { name: "truncated UTF-8 sequence in a path", send: () => get("/api/batch/results/abc%E0%A4"), statuses: [400] },
    { name: "NUL in a guest session id", send: () => get("/api/batch/guest-limits/%00", {}), statuses: [422] },
    { name: "NUL in a batch id", send: () => get("/api/batch/status/abc%00def"), statuses: [422] },
    {
      name: "NUL in a query value",
      send: () => get("/api/batch/history?guest_session_id=guest_%00", {}),
      statuses: [422],
    },
    ...[
      "..%2F..%2F..%2Fetc%2Fpasswd",
      "batches%2F..%2F..%2Fauth-secret",
      "%2e%2e%2f%2e%2e%2fauth-secret",
      "%252e%252e%252fauth-secret",
      "..%5C..%5Cauth-secret",
      "%2Fetc%2Fpasswd",
      "batches%2F%2e%2e%2F%2e%2e%2Fpglite%2FPG_VERSION",
      "%c0%ae%c0%ae%2fauth-secret",
    ].map((key): Case => ({
      name: `storage key ${key}`,
      send: () => get(`/api/batch/image/${key}?token=${who.user.token}`),
      statuses: [400, 403, 404, 422],
    })),
    // Pagination: negative, huge, not numbers.
    ...["limit=-1", "limit=0", "limit=100000000000", "offset=-5", "offset=9007199254740993", "limit=abc"].map(
      (query): Case => ({ name: `history ${query}`, send: () => get(`/api/batch/history?${query}`), statuses: [422] }),
    ),
    ...["limit=-1", "offset=-1", "limit=1e300"].map((query): Case => ({
      name: `OCR documents ${query}`,
      send: () => get(`/api/ocr/documents?${query}`),
      statuses: [422],
    })),
    ...["limit=-1", "limit=100000000", "cursor=%7Bnot-a-cursor"].map((query): Case => ({
      name: `/v1/jobs ${query}`,
      send: () => get(`/v1/jobs?${query}`, who.nextKey()),
      statuses: [400, 422],
    })),
    { name: "results page_offset=-1", send: () => get("/api/batch/results/abc?page_offset=-1"), statuses: [422] },
    {
      name: "results page_limit huge",
      send: () => get("/api/batch/results/abc?page_limit=1000000000000"),
      statuses: [422],
    },
    {
      name: "page number beyond any document",
      send: () => json(`${documentPath}/page/2147483648`, '{"extracted_text":"x"}', "put"),
      statuses: [422],
    },
  ];
  for (const token of forgedTokens(who.user, who.replayedTokens)) {
    cases.push({
      name: `${token.label} on /api/auth/me`,
      send: () => get("/api/auth/me", bearer(token.value)),
      statuses: [401],
    });
    cases.push({
      name: `${token.label} on /v1/jobs`,
      send: () => get("/v1/jobs", bearer(token.value)),
      statuses: [401],
    });
  }
  return cases;
}

/** A multipart body written by hand, so the file name can carry bytes that are not UTF-8. */
function rawMultipart(
  request: APIRequestContext,
  path: string,
  headers: Record<string, string>,
  fileName: Buffer,
): Promise<APIResponse> {
  const boundary = "fuzzboundary7731";
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="`),
    fileName,
    Buffer.from(`"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`),
  ]);
  return request.post(path, {
    headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
    data: body,
    timeout: requestTimeout,
  });
}

export async function run(cases: Case[]): Promise<string[]> {
  const problems: string[] = [];
  // A few at a time: quick, without one client swamping a two-core server.
  for (let start = 0; start < cases.length; start += 4) {
    await Promise.all(
      cases.slice(start, start + 4).map(async (testCase) => {
        const response = await testCase.send();
        const status = response.status();
        const text = await response.text();
        const ok = testCase.statuses ? testCase.statuses.includes(status) : status >= 400 && status < 500;
        let message: unknown;
        try {
          const body = JSON.parse(text);
          message = body.error?.message ?? body.detail;
        } catch {
          message = undefined;
        }
        const clear =
          (typeof message === "string" && message.length > 0) || (Array.isArray(message) && message.length > 0);
        if (!ok || !clear) problems.push(`${testCase.name}: ${status} ${text.slice(0, 200)}`);
      }),
    );
  }
  return problems;
}

export async function ownedState(request: APIRequestContext, who: Callers) {
  const user = bearer(who.user.token);
  return {
    batches: (await (await request.get("/api/batch/history", { headers: user })).json()).total,
    ocrDocuments: (await (await request.get("/api/ocr/documents", { headers: user })).json()).total,
    jobs: (await (await request.get("/v1/jobs", { headers: who.nextKey() })).json()).data.map(
      (job: { status: string }) => job.status,
    ),
    keys: (await (await request.get("/api/users/me/api-keys", { headers: user })).json()).length,
    tokensUsed: (await (await request.get("/api/users/me/usage", { headers: user })).json()).tokens_used,
    guest: await (await request.get(`/api/batch/guest-limits/${who.guestSession}`)).json(),
  };
}
