"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { FOCUS_RING } from "@/components/ui/button-classes";
import { primaryNavigation } from "@/components/navigation";

/**
 * The app's sections: a row of links on wide screens; on narrow ones a "Menu" button that opens them
 * below the header, so the header stays one row on a phone.
 */
export function MainMenu() {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  // A followed link closes the menu.
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className={`inline-flex items-center gap-1.5 rounded-md border border-line px-2.5 py-1.5 text-sm text-ink hover:bg-surface-muted lg:hidden ${FOCUS_RING}`}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4" fill="none" stroke="currentColor">
          {open ? (
            <path d="M3 3l10 10M13 3L3 13" strokeWidth="1.5" />
          ) : (
            <path d="M2 4h12M2 8h12M2 12h12" strokeWidth="1.5" />
          )}
        </svg>
        Menu
      </button>
      <ul
        id={listId}
        className={`${open ? "flex" : "hidden"} order-last basis-full flex-col gap-1 border-t border-line pt-2 text-sm text-ink-muted lg:order-none lg:flex lg:flex-1 lg:basis-auto lg:flex-row lg:flex-wrap lg:items-center lg:gap-4 lg:border-0 lg:pt-0`}
      >
        {primaryNavigation.map((item) => {
          const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={current ? "page" : undefined}
                className={`block rounded px-1 py-1.5 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500 lg:py-0.5 ${current ? "font-medium text-ink" : ""}`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}
