import Link from "next/link";

export function SiteFooter() {
  return (
    <footer className="border-t border-line bg-surface-muted">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-xs text-ink-muted">
        <span>docsvc — open-source document processing</span>
        <span className="flex gap-4">
          <Link href="/developers" className="hover:text-ink">
            API reference
          </Link>
          <a href="/openapi.json" className="hover:text-ink">
            openapi.json
          </a>
          <a href="/debug-version" className="hover:text-ink">
            Version
          </a>
        </span>
      </div>
    </footer>
  );
}
