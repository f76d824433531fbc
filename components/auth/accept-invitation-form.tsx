"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useApiResource } from "@/lib/client/use-api-resource";
import { apiFetch } from "@/lib/client/api-fetch";
import { Alert } from "@/components/ui/alert";
import { Form } from "@/components/ui/form";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { AcceptInvitationForm as AcceptInvitationSchema, withoutEmpty } from "./form-schemas";
import { signInWithPassword } from "./sign-in-with-password";
import { useValidatedForm } from "./use-validated-form";

interface InvitationInfo {
  email: string;
  inviter_email: string | null;
  inviter_name: string | null;
  expires_at: string;
  status: "pending" | "accepted" | "expired";
  is_valid: boolean;
}

/** Shows who invited whom, then creates the invited account (its email is already verified) and signs in. */
export function AcceptInvitationForm({ token, next }: { token: string; next: string }) {
  const invitation = useApiResource<InvitationInfo>(`/api/auth/invitation/${encodeURIComponent(token)}`);

  if (invitation.status === "loading") return <Spinner label="Looking up the invitation…" />;
  if (invitation.status === "error") {
    return (
      <Alert tone="error" title="This invitation cannot be used">
        {invitation.error.status === 404
          ? "The link is not valid. Ask for a new invitation."
          : invitation.error.message}
      </Alert>
    );
  }
  const info = invitation.data;
  if (!info.is_valid) {
    return (
      <Alert tone="warning" title={info.status === "accepted" ? "Invitation already used" : "Invitation expired"}>
        {info.status === "accepted" ? (
          <>
            The account exists:{" "}
            <Link href="/sign-in" className="underline">
              sign in
            </Link>
            .
          </>
        ) : (
          "Ask the person who invited you for a new invitation."
        )}
      </Alert>
    );
  }
  return <InvitationSignUp token={token} info={info} next={next} />;
}

function InvitationSignUp({ token, info, next }: { token: string; info: InvitationInfo; next: string }) {
  const router = useRouter();
  const form = useValidatedForm({
    initialValues: { name: "", password: "" },
    schema: AcceptInvitationSchema,
    toInput: withoutEmpty,
    onValid: async (input) => {
      await apiFetch("/api/auth/accept-invitation", { method: "POST", body: { token, ...input } });
      await signInWithPassword(info.email, input.password);
      router.push(next);
      router.refresh();
    },
  });
  const inviter = info.inviter_name ?? info.inviter_email ?? "Someone";

  return (
    <Form label="Accept the invitation" onSubmit={form.onSubmit}>
      <p className="mb-2 text-sm text-ink-muted">
        {inviter} invited <strong className="text-ink">{info.email}</strong>. Valid until{" "}
        {new Date(info.expires_at).toLocaleString()}.
      </p>
      {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
      <TextField label="Email" type="email" value={info.email} readOnly autoComplete="username" />
      <TextField label="Name (optional)" autoComplete="name" {...form.field("name")} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters; not a common password."
        {...form.field("password")}
      />
      <Button type="submit" loading={form.submitting}>
        Create account
      </Button>
    </Form>
  );
}
