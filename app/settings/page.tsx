import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ChangeEmailForm } from "@/components/auth/change-email-form";
import { ChangePasswordForm } from "@/components/auth/change-password-form";
import { DeleteAccount } from "@/components/auth/delete-account";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { SignOutEverywhere } from "@/components/auth/sign-out-everywhere";
import { Card } from "@/components/ui/card";

export const metadata: Metadata = { title: "Account settings" };

export default async function SettingsPage() {
  const user = await getCurrentUser();
  if (!user) redirect("/sign-in?next=/settings");

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Account settings</h1>

      <Card title="Account">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-ink-muted">Email</dt>
          <dd className="flex flex-wrap items-center gap-2 break-all">
            {user.email}
            {user.email_verified ? (
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900 dark:bg-green-950 dark:text-green-100">
                Verified
              </span>
            ) : (
              <Link
                href="/verify-email?next=/settings"
                className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 underline dark:bg-amber-950 dark:text-amber-100"
              >
                Not verified — verify now
              </Link>
            )}
          </dd>
          <dt className="text-ink-muted">Name</dt>
          <dd>{user.name ?? "—"}</dd>
          <dt className="text-ink-muted">Plan</dt>
          <dd className="capitalize">{user.tier}</dd>
        </dl>
      </Card>

      <Card title="Password" description={user.hasPassword ? "Changing it signs out every other device." : undefined}>
        {user.hasPassword ? (
          <ChangePasswordForm email={user.email} />
        ) : (
          <p className="text-sm text-ink-muted">
            You sign in through your identity provider. To add a password, use{" "}
            <Link href="/forgot-password" className="underline">
              forgot password
            </Link>{" "}
            with {user.email}.
          </p>
        )}
      </Card>

      {user.hasPassword ? (
        <Card
          title="Email address"
          description="We send a code to the new address; the change applies when you enter it."
        >
          <ChangeEmailForm />
        </Card>
      ) : null}

      <Card title="Sessions" description="Lost a device or shared a computer? End every session at once.">
        <SignOutEverywhere />
      </Card>

      <Card title="Delete account" description="Removes the account and everything in it, immediately.">
        <DeleteAccount email={user.email} hasPassword={user.hasPassword} />
      </Card>
    </div>
  );
}
