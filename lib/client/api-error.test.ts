import { describe, expect, it } from "vitest";
import { ApiError, attributeToField, toApiError } from "./api-error";

describe("toApiError", () => {
  it("maps FastAPI 422 locations to field names", () => {
    const error = toApiError(422, {
      detail: [
        { loc: ["body", "email"], msg: "Enter a valid email address", type: "value_error" },
        { loc: ["body", "password"], msg: "Password is too common", type: "value_error" },
        { loc: ["body", "password"], msg: "second problem of the same field", type: "value_error" },
        { loc: ["body", "items", 0, "name"], msg: "Field required", type: "missing" },
      ],
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.fieldErrors).toEqual({
      email: "Enter a valid email address",
      password: "Password is too common",
      "items.0.name": "Field required",
    });
    expect(error.message).toBe("Please correct the highlighted fields.");
  });

  it("keeps a problem without a field as the form's message", () => {
    const error = toApiError(422, { detail: [{ loc: ["body"], msg: "Invalid JSON", type: "json_invalid" }] });
    expect(error.message).toBe("Invalid JSON");
    expect(error.fieldErrors).toEqual({});
  });

  it("uses a string detail as the message", () => {
    expect(toApiError(401, { detail: "Incorrect email or password" }).message).toBe("Incorrect email or password");
  });

  it("reads the /v1 error shape", () => {
    expect(toApiError(401, { error: { code: "unauthorized", message: "Invalid API key" } }).message).toBe(
      "Invalid API key",
    );
  });

  it("falls back to a message for the status when the body says nothing", () => {
    expect(toApiError(429, undefined).message).toMatch(/Too many attempts/);
    expect(toApiError(502, "<html>").message).toBe("The server answered 502. Try again.");
  });
});

describe("attributeToField", () => {
  it("moves an error of the given status next to a field and leaves others alone", () => {
    const moved = attributeToField(
      new ApiError(401, "Current password is incorrect"),
      401,
      "current_password",
    ) as ApiError;
    expect(moved.fieldErrors).toEqual({ current_password: "Current password is incorrect" });
    const other = new ApiError(429, "Too many");
    expect(attributeToField(other, 401, "current_password")).toBe(other);
  });
});
