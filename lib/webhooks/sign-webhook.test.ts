import { describe, expect, it } from "vitest";
import { computeWebhookSignature, signWebhook, verifyWebhookSignature } from "./sign-webhook";

describe("Standard Webhooks signatures", () => {
  // The example of the Standard Webhooks specification.
  const example = {
    id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
    timestamp: 1614265330,
    body: '{"test": 2432232314}',
    secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  };

  it("matches the specification's example", () => {
    expect(computeWebhookSignature(example)).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("verifies its own headers and refuses tampering, other secrets and stale timestamps", () => {
    const now = new Date(example.timestamp * 1000 + 10_000);
    const headers = new Headers(signWebhook(example));
    expect(headers.get("webhook-id")).toBe(example.id);
    expect(verifyWebhookSignature({ headers, body: example.body, secret: example.secret, now })).toBe(true);
    expect(verifyWebhookSignature({ headers, body: '{"test": 1}', secret: example.secret, now })).toBe(false);
    expect(
      verifyWebhookSignature({
        headers,
        body: example.body,
        secret: "whsec_" + Buffer.from("other").toString("base64"),
        now,
      }),
    ).toBe(false);
    expect(
      verifyWebhookSignature({
        headers,
        body: example.body,
        secret: example.secret,
        now: new Date(example.timestamp * 1000 + 3_600_000),
      }),
    ).toBe(false);
  });

  it("accepts any one of several space-separated signatures", () => {
    const headers = new Headers(signWebhook(example));
    headers.set("webhook-signature", `v1,bm90IGl0 ${headers.get("webhook-signature")}`);
    expect(
      verifyWebhookSignature({
        headers,
        body: example.body,
        secret: example.secret,
        now: new Date(example.timestamp * 1000),
      }),
    ).toBe(true);
  });
});
