"use client";

import { useState } from "react";
import { apiFetch } from "@/lib/client/api-fetch";
import { attributeToField } from "@/lib/client/api-error";
import { Alert } from "@/components/ui/alert";
import { Form } from "@/components/ui/form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { ChangePasswordForm as ChangePasswordSchema } from "./form-schemas";
import { signInWithPassword } from "./sign-in-with-password";
import { useValidatedForm } from "./use-validated-form";

/**
 * Changes the password. The server revokes every session, this one included, so the browser signs
 * in again with the new password to stay signed in here while every other device is signed out.
 */
export function ChangePasswordForm({ email }: { email: string }) {
  const [done, setDone] = useState(false);
  const form = useValidatedForm({
    initialValues: { current_password: "", new_password: "" },
    schema: ChangePasswordSchema,
    onValid: async (input) => {
      setDone(false);
      await apiFetch("/api/auth/change-password", { method: "POST", body: input }).catch((error: unknown) => {
        throw attributeToField(error, 401, "current_password");
      });
      await signInWithPassword(email, input.new_password);
      form.reset();
      setDone(true);
    },
  });

  return (
    <Form
      label="Change password"
      onSubmit={form.onSubmit}
      error={form.formError}
      className="flex max-w-md flex-col gap-2"
    >
      {done ? <Alert tone="success">Password changed. Other devices were signed out.</Alert> : null}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        {...form.field("current_password")}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters; not a common password or your email."
        {...form.field("new_password")}
      />
      <Button type="submit" loading={form.submitting} className="self-start">
        Change password
      </Button>
    </Form>
  );
}
