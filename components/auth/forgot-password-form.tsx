"use client";

import { useState } from "react";
import { apiFetch } from "@/lib/client/api-fetch";
import { Alert } from "@/components/ui/alert";
import { Form } from "@/components/ui/form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { ForgotPasswordForm as ForgotPasswordSchema } from "./form-schemas";
import { useValidatedForm } from "./use-validated-form";

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const [sentMessage, setSentMessage] = useState<string>();
  const form = useValidatedForm({
    initialValues: { email: "" },
    schema: ForgotPasswordSchema,
    onValid: async (input) => {
      const answer = await apiFetch<{ message: string }>("/api/auth/forgot-password", { method: "POST", body: input });
      setSentMessage(answer.message);
    },
  });

  if (sentMessage) {
    return (
      <Alert tone="success" title="Check your email">
        {sentMessage}
      </Alert>
    );
  }
  return (
    <Form label="Reset your password" onSubmit={form.onSubmit} error={form.formError}>
      <TextField label="Email" type="email" autoComplete="email" required {...form.field("email")} />
      <Button type="submit" loading={form.submitting}>
        Email me a reset link
      </Button>
    </Form>
  );
}
