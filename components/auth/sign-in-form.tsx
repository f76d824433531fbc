"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { Form } from "@/components/ui/form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { SignInForm as SignInSchema } from "./form-schemas";
import { signInWithPassword } from "./sign-in-with-password";
import { useValidatedForm } from "./use-validated-form";

/** Email and password sign-in; on success the browser has a session cookie and goes to `next`. */
export function SignInForm({ next, initialError }: { next: string; initialError?: string }) {
  const router = useRouter();
  const form = useValidatedForm({
    initialValues: { email: "", password: "" },
    schema: SignInSchema,
    onValid: async ({ email, password }) => {
      await signInWithPassword(email, password);
      router.push(next);
      router.refresh();
    },
  });

  return (
    <Form label="Sign in" onSubmit={form.onSubmit} error={form.formError ?? initialError}>
      <TextField label="Email" type="email" autoComplete="email" required {...form.field("email")} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        {...form.field("password")}
      />
      <div className="-mt-1 mb-2 text-right text-sm">
        <Link href="/forgot-password" className="text-brand-600 underline-offset-2 hover:underline dark:text-brand-100">
          Forgot your password?
        </Link>
      </div>
      <Button type="submit" loading={form.submitting}>
        Sign in
      </Button>
    </Form>
  );
}
