"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/lib/client/api-fetch";
import { ApiError } from "@/lib/client/api-error";
import { Alert } from "@/components/ui/alert";
import { Form } from "@/components/ui/form";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { TextField } from "@/components/ui/text-field";
import { VerificationCodeForm } from "./form-schemas";
import { useValidatedForm } from "./use-validated-form";

export interface VerifyEmailFormProps {
  /** The address the latest code went to, when this screen knows it. */
  sentTo?: string;
  /** An email change is pending: a new code must come from the settings screen, not from here. */
  emailChange: boolean;
  next: string;
  /** Where this server's mail goes: without SMTP the code is in the server log, not in anyone's inbox. */
  delivery: { kind: "smtp" } | { kind: "server-log"; outboxPage: boolean };
}

/** Takes the 6-digit code (POST /api/auth/verify-email) and can ask for a new one. */
export function VerifyEmailForm({ sentTo, emailChange, next, delivery }: VerifyEmailFormProps) {
  const router = useRouter();
  const [verifiedEmail, setVerifiedEmail] = useState<string>();
  const [resend, setResend] = useState<{ state: "idle" | "sending" } | { state: "sent" | "failed"; message: string }>({
    state: "idle",
  });
  const form = useValidatedForm({
    initialValues: { code: "" },
    schema: VerificationCodeForm,
    onValid: async (input) => {
      await apiFetch("/api/auth/verify-email", { method: "POST", body: input });
      setVerifiedEmail(sentTo ?? "Your address");
      router.refresh();
    },
  });

  async function sendNewCode() {
    setResend({ state: "sending" });
    try {
      const answer = await apiFetch<{ message: string }>("/api/auth/send-verification", { method: "POST" });
      setResend({ state: "sent", message: answer.message });
    } catch (error) {
      setResend({ state: "failed", message: error instanceof ApiError ? error.message : String(error) });
    }
  }

  if (verifiedEmail) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="success" title="Email verified">
          {emailChange ? `Your account now uses ${verifiedEmail}.` : "Thank you — your email address is confirmed."}
        </Alert>
        <Link href={next} className={buttonClasses("primary")}>
          Continue
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {delivery.kind === "server-log" ? (
        <Alert tone="info" title="This server does not send e-mail">
          <p data-testid="code-location">
            No mail server is set up here (SMTP_URL), so codes
            {sentTo ? (
              <>
                {" "}
                for <strong>{sentTo}</strong>
              </>
            ) : null}{" "}
            are not e-mailed: each is written to the server&apos;s log on a line starting with <code>[email] to=</code>,
            where whoever runs the server can read it
            {delivery.outboxPage ? (
              <>
                {" "}
                (or on the{" "}
                <Link href="/dev/outbox" className="underline">
                  outbox page
                </Link>
                )
              </>
            ) : null}
            . A code is valid for 15 minutes.
          </p>
        </Alert>
      ) : (
        <p className="text-sm text-ink-muted">
          {sentTo ? (
            <>
              We sent a 6-digit code to <strong className="text-ink">{sentTo}</strong>. It is valid for 15 minutes.
            </>
          ) : (
            "Ask for a code, then enter it here. It is valid for 15 minutes."
          )}
        </p>
      )}
      <Form label="Verify your email" onSubmit={form.onSubmit} error={form.formError}>
        <TextField
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          className="max-w-48"
          {...form.field("code")}
        />
        <Button type="submit" loading={form.submitting}>
          Verify email
        </Button>
      </Form>
      {emailChange ? (
        <p className="text-sm text-ink-muted">
          No code? Start the change again in{" "}
          <Link href="/settings" className="underline">
            settings
          </Link>
          .
        </p>
      ) : (
        <div className="flex flex-col gap-2">
          <Button variant="secondary" onClick={sendNewCode} loading={resend.state === "sending"}>
            {sentTo ? "Send a new code" : "Send me a code"}
          </Button>
          {resend.state === "sent" ? <Alert tone="success">{resend.message}</Alert> : null}
          {resend.state === "failed" ? <Alert tone="error">{resend.message}</Alert> : null}
        </div>
      )}
    </div>
  );
}
