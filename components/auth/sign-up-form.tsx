"use client";

import { useRouter } from "next/navigation";
import { apiFetch } from "@/lib/client/api-fetch";
import { ApiError } from "@/lib/client/api-error";
import { Form } from "@/components/ui/form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { SignUpForm as SignUpSchema, withoutEmpty } from "./form-schemas";
import { signInWithPassword } from "./sign-in-with-password";
import { useValidatedForm } from "./use-validated-form";

/**
 * Creates the account (POST /api/auth/register), signs the browser in, and asks for a verification
 * code so the next screen can take it.
 */
export function SignUpForm({ next }: { next: string }) {
  const router = useRouter();
  const form = useValidatedForm({
    initialValues: { name: "", email: "", password: "" },
    schema: SignUpSchema,
    toInput: withoutEmpty,
    onValid: async (input) => {
      await apiFetch("/api/auth/register", { method: "POST", body: input });
      await signInWithPassword(input.email, input.password);
      const sent = await apiFetch("/api/auth/send-verification", { method: "POST" }).then(
        () => true,
        (error: unknown) => {
          // The account exists and is signed in; the verify screen offers to send the code again.
          if (error instanceof ApiError) return false;
          throw error;
        },
      );
      const params = new URLSearchParams({ next, ...(sent ? { sent: input.email } : {}) });
      router.push(`/verify-email?${params}`);
      router.refresh();
    },
  });

  return (
    <Form label="Create an account" onSubmit={form.onSubmit} error={form.formError}>
      <TextField label="Name (optional)" autoComplete="name" {...form.field("name")} />
      <TextField label="Email" type="email" autoComplete="email" required {...form.field("email")} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters; not a common password or your email."
        {...form.field("password")}
      />
      <Button type="submit" loading={form.submitting}>
        Create account
      </Button>
    </Form>
  );
}
