"use client";

import Link from "next/link";
import { useState } from "react";
import { apiFetch } from "@/lib/client/api-fetch";
import { Alert } from "@/components/ui/alert";
import { Form } from "@/components/ui/form";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { TextField } from "@/components/ui/text-field";
import { NewPasswordForm } from "./form-schemas";
import { useValidatedForm } from "./use-validated-form";

/** Sets a new password with the token from the emailed link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const form = useValidatedForm({
    initialValues: { new_password: "" },
    schema: NewPasswordForm,
    onValid: async ({ new_password }) => {
      await apiFetch("/api/auth/reset-password", { method: "POST", body: { token, new_password } });
      setDone(true);
    },
  });

  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="success" title="Password changed">
          Sign in with your new password. Every other session was signed out.
        </Alert>
        <Link href="/sign-in" className={buttonClasses("primary")}>
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <Form label="Choose a new password" onSubmit={form.onSubmit}>
      {form.formError ? (
        <Alert tone="error">
          {form.formError}{" "}
          <Link href="/forgot-password" className="underline">
            Request a new link
          </Link>
        </Alert>
      ) : null}
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters; not a common password."
        {...form.field("new_password")}
      />
      <Button type="submit" loading={form.submitting}>
        Set new password
      </Button>
    </Form>
  );
}
