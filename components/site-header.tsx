import Link from "next/link";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { buttonClasses } from "@/components/ui/button-classes";
import { MainMenu } from "@/components/main-menu";

export async function SiteHeader() {
  const user = await getCurrentUser();
  return (
    <header className="border-b border-line bg-surface">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 lg:gap-x-6"
      >
        <Link href="/" className="text-lg font-semibold tracking-tight text-ink">
          docsvc
        </Link>
        <MainMenu />
        {user ? (
          <div className="ml-auto flex min-w-0 items-center gap-3 lg:ml-0" data-testid="account-menu">
            <Link
              href="/settings"
              className="max-w-48 truncate rounded px-1 py-0.5 text-sm text-ink hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
              title={`Account settings for ${user.email}`}
            >
              <span className="sr-only">Account settings for </span>
              {/* A phone shows the short word; the link's name keeps the address either way. */}
              <span className="sr-only sm:not-sr-only">{user.email}</span>
              <span aria-hidden="true" className="sm:hidden">
                Account
              </span>
            </Link>
            <SignOutButton className="px-3 py-1.5" />
          </div>
        ) : (
          <div className="ml-auto flex items-center gap-2 lg:ml-0">
            <Link href="/sign-in" className={buttonClasses("secondary", "px-3 py-1.5")}>
              Sign in
            </Link>
            <Link href="/sign-up" className={buttonClasses("primary", "px-3 py-1.5")}>
              Sign up
            </Link>
          </div>
        )}
      </nav>
    </header>
  );
}
