import type { Metadata } from "next";
import type { ReactNode } from "react";
import { PortalNav } from "@/components/portal/portal-nav";

export const metadata: Metadata = {
  title: { default: "Developer portal", template: "%s · Developer portal · docsvc" },
};

export default function DevelopersLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Developer portal</h1>
        <p className="mt-2 text-ink-muted">
          Keys, usage and webhooks for the /v1 API, with a quick start and the full reference.
        </p>
      </div>
      <PortalNav />
      {children}
    </div>
  );
}
