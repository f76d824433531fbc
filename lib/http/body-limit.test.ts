import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { CallerUser } from "@/lib/contracts/caller";
import { bodyLimitFor } from "./body-limit";
import { defineRoute } from "@/lib/contracts/contract";
import { route } from "./route";

const uploadContract = defineRoute({
  method: "POST",
  path: "/api/uploads",
  surface: "api",
  auth: "user_or_guest",
  operationId: "upload",
  summary: "test",
  tags: ["test"],
  form: z.object({ files: z.array(z.file()) }),
  responses: {},
});

const freeUser: CallerUser = {
  id: "u",
  email: "a@b.co",
  name: null,
  tier: "free",
  tokenVersion: 0,
  emailVerifiedAt: null,
  createdAt: new Date(0),
};

describe("body limits", () => {
  it("names the caller's own limit: a tier's file size, or a guest's single file", () => {
    expect(bodyLimitFor(uploadContract, { kind: "user", user: freeUser, via: "jwt" })).toEqual({
      bytes: 101 * 1024 * 1024,
      explain: "at most 101 MB per request, in files of at most 10 MB each on the Free tier",
    });
    expect(bodyLimitFor(uploadContract, undefined)).toEqual({
      bytes: 11 * 1024 * 1024,
      explain: "a guest uploads one file of at most 10 MB",
    });
    expect(bodyLimitFor({ ...uploadContract, form: undefined, body: z.object({}) }, undefined)).toEqual({
      bytes: 1024 * 1024,
      explain: "at most 1 MB per request",
    });
  });

  it("refuses an oversized anonymous upload from Content-Length alone, without reading it", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(1024));
        },
      },
      { highWaterMark: 0 },
    );
    const upload = route(uploadContract, async () => ({ ok: true }));
    const request = new Request("http://test/api/uploads", {
      method: "POST",
      body,
      duplex: "half",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(200 * 1024 * 1024) },
    } as RequestInit);
    const response = await upload(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      detail: "The request body is 200 MB; a guest uploads one file of at most 10 MB",
    });
    expect(pulled).toBe(0);
  });

  it("checks credentials in the headers before reading the body", async () => {
    let read = false;
    // highWaterMark 0: nothing is pulled until someone reads.
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          read = true;
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const upload = route(uploadContract, async () => ({ ok: true }));
    const request = new Request("http://test/api/uploads", {
      method: "POST",
      body,
      duplex: "half",
      headers: { "content-type": "multipart/form-data; boundary=x", authorization: "Bearer not-a-token" },
    } as RequestInit);
    const response = await upload(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(401);
    expect(read).toBe(false);
  });
});
