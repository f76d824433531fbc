import Link from "next/link";
import { getCurrentUser } from "@/components/auth/get-current-user";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { buttonClasses } from "@/components/ui/button-classes";
import { primaryNavigation } from "@/components/navigation";

export async function SiteHeader() {
  const user = await getCurrentUser();
  return (
    <header className="border-b border-line bg-surface">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link href="/" className="text-lg font-semibold tracking-tight text-ink">
          docsvc
        </Link>
        <ul className="flex flex-1 flex-wrap items-center gap-4 text-sm text-ink-muted">
          {primaryNavigation.map((item) => (
            <li key={item.href}>
              <Link
                href={item.href}
                className="rounded px-1 py-0.5 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
        {user ? (
          <div className="flex min-w-0 items-center gap-3" data-testid="account-menu">
            <Link
              href="/settings"
              className="max-w-48 truncate rounded px-1 py-0.5 text-sm text-ink hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
              title={`Account settings for ${user.email}`}
            >
              <span className="sr-only">Account settings for </span>
              {user.email}
            </Link>
            <SignOutButton className="px-3 py-1.5" />
          </div>
        ) : (
          <div className="flex items-center gap-2">
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
