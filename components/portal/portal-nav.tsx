"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

const SECTIONS = [
  { href: "/developers", label: "API keys" },
  { href: "/developers/usage", label: "Usage" },
  { href: "/developers/webhooks", label: "Webhooks" },
  { href: "/developers/quick-start", label: "Quick start" },
  { href: "/developers/reference", label: "API reference" },
] as const;

/** The portal's sections as tabs-like links; the current one carries aria-current for screen readers. */
export function PortalNav() {
  const pathname = usePathname();
  const currentRef = useRef<HTMLAnchorElement>(null);
  // On a phone the row scrolls sideways: bring the current section into view.
  useEffect(() => {
    currentRef.current?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [pathname]);
  return (
    <nav aria-label="Developer portal" className="-mx-4 overflow-x-auto px-4">
      <ul className="flex min-w-max gap-1 border-b border-line">
        {SECTIONS.map((section) => {
          const current = pathname === section.href;
          return (
            <li key={section.href}>
              <Link
                href={section.href}
                ref={current ? currentRef : undefined}
                aria-current={current ? "page" : undefined}
                className={`-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500 ${
                  current ? "border-brand-600 text-ink" : "border-transparent text-ink-muted hover:text-ink"
                }`}
              >
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
