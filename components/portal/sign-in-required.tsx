import Link from "next/link";
import { buttonClasses } from "@/components/ui/button-classes";
import { EmptyState } from "@/components/ui/empty-state";

/** What a portal section shows a visitor who is not signed in. */
export function SignInRequired({ what, next }: { what: string; next: string }) {
  return (
    <EmptyState
      title={`Sign in to see ${what}`}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Link href={`/sign-in?next=${encodeURIComponent(next)}`} className={buttonClasses("primary")}>
            Sign in
          </Link>
          <Link href={`/sign-up?next=${encodeURIComponent(next)}`} className={buttonClasses("secondary")}>
            Create an account
          </Link>
        </div>
      }
    >
      The quick start and the API reference are open to everyone.
    </EmptyState>
  );
}
