import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { renderError, renderThrown } from "./error-response";
import { AppError, ERROR_STATUS, toAppError, zodIssues } from "@/lib/errors/app-error";

describe("error mapping", () => {
  it("maps every code to its status", () => {
    expect(new AppError("insufficient_tokens").status).toBe(402);
    expect(new AppError("file_too_large").status).toBe(413);
    expect(new AppError("too_many_pages").status).toBe(413);
    expect(new AppError("unsupported_format").status).toBe(415);
    expect(new AppError("rate_limit_exceeded").status).toBe(429);
    expect(ERROR_STATUS.gone).toBe(410);
  });

  it("turns zod errors into 422, Prisma P2025 into 404 and anything else into a generic 500", () => {
    const zodError = z.object({ email: z.string() }).safeParse({}).error!;
    expect(toAppError(zodError).appError.status).toBe(422);
    expect(toAppError(Object.assign(new Error("No record was found"), { code: "P2025" })).appError.status).toBe(404);
    const { appError, unexpected } = toAppError(new Error("connection string with password"));
    expect(appError.status).toBe(500);
    expect(appError.message).toBe("Internal server error");
    expect(unexpected).toBe(true);
  });
});

describe("zod issues in FastAPI's shape", () => {
  const schema = z.strictObject({
    email: z.email(),
    password: z.string().min(8),
    age: z.number().int().min(0),
    nested: z.object({ items: z.array(z.string()) }),
  });

  it("prefixes loc with the input location and uses pydantic type names", () => {
    const error = schema.safeParse({
      email: "not-mail",
      password: "short",
      age: "x",
      nested: { items: [1] },
      extra: 1,
    }).error!;
    const issues = zodIssues(error, "body");
    expect(issues).toContainEqual({ loc: ["body", "email"], msg: expect.any(String), type: "value_error" });
    expect(issues).toContainEqual({ loc: ["body", "password"], msg: expect.any(String), type: "string_too_short" });
    expect(issues).toContainEqual({ loc: ["body", "age"], msg: expect.any(String), type: "number_type" });
    expect(issues).toContainEqual({
      loc: ["body", "nested", "items", 0],
      msg: expect.any(String),
      type: "string_type",
    });
    expect(issues).toContainEqual({
      loc: ["body", "extra"],
      msg: "Extra inputs are not permitted",
      type: "extra_forbidden",
    });
  });

  it("reports a missing field as FastAPI does", () => {
    const error = z.object({ email: z.string() }).safeParse({}).error!;
    expect(zodIssues(error, "query")).toEqual([{ loc: ["query", "email"], msg: "Field required", type: "missing" }]);
  });
});

describe("error bodies", () => {
  const validation = new AppError("validation_error", "body.email: Field required", {
    issues: [{ loc: ["body", "email"], msg: "Field required", type: "missing" }],
  });

  it("renders /api errors as FastAPI does", async () => {
    const response = renderError("api", validation);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      detail: [{ loc: ["body", "email"], msg: "Field required", type: "missing" }],
    });

    const notFound = renderError("api", new AppError("not_found", "Batch not found"));
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toEqual({ detail: "Batch not found" });
  });

  it("renders /v1 errors as {error:{code,message}}", async () => {
    const response = renderError(
      "v1",
      new AppError("rate_limit_exceeded", undefined, { headers: { "Retry-After": "12" } }),
    );
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("12");
    expect(await response.json()).toEqual({ error: { code: "rate_limit_exceeded", message: "Rate limit exceeded" } });

    const invalid = await renderError("v1", validation).json();
    expect(invalid.error.code).toBe("validation_error");
    expect(invalid.error.details).toHaveLength(1);
  });

  it("logs unexpected errors and hides their message", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = renderThrown({
      surface: "api",
      thrown: new Error("secret detail"),
      context: { method: "GET", path: "/api/x" },
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ detail: "Internal server error" });
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});
