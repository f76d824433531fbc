import Link from "next/link";
import { primaryNavigation } from "@/components/navigation";

export function SiteHeader() {
  return (
    <header className="border-b border-line bg-surface">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center gap-6 px-4 py-3">
        <Link href="/" className="text-lg font-semibold tracking-tight text-ink">
          docsvc
        </Link>
        <ul className="flex flex-1 flex-wrap items-center gap-4 text-sm text-ink-muted">
          {primaryNavigation.map((item) => (
            <li key={item.href}>
              <Link href={item.href} className="rounded px-1 py-0.5 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500">
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
        <Link
          href="/sign-in"
          className="rounded-md border border-line px-3 py-1.5 text-sm font-medium text-ink hover:bg-surface-muted"
        >
          Sign in
        </Link>
      </nav>
    </header>
  );
}
