"use client";

import { useRouter } from "next/navigation";
import { apiFetch } from "@/lib/client/api-fetch";
import { attributeToField } from "@/lib/client/api-error";
import { Form } from "@/components/ui/form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { ChangeEmailForm as ChangeEmailSchema } from "./form-schemas";
import { useValidatedForm } from "./use-validated-form";

/** Starts an email change: a code goes to the new address and the verify screen takes it. */
export function ChangeEmailForm() {
  const router = useRouter();
  const form = useValidatedForm({
    initialValues: { new_email: "", current_password: "" },
    schema: ChangeEmailSchema,
    onValid: async (input) => {
      await apiFetch("/api/auth/change-email", { method: "POST", body: input }).catch((error: unknown) => {
        throw attributeToField(attributeToField(error, 401, "current_password"), 409, "new_email");
      });
      router.push(`/verify-email?${new URLSearchParams({ change: "1", sent: input.new_email, next: "/settings" })}`);
    },
  });

  return (
    <Form label="Change email" onSubmit={form.onSubmit} error={form.formError} className="flex max-w-md flex-col gap-2">
      <TextField label="New email" type="email" autoComplete="email" required {...form.field("new_email")} />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        {...form.field("current_password")}
      />
      <Button type="submit" loading={form.submitting} className="self-start">
        Send a code to the new address
      </Button>
    </Form>
  );
}
