import Link from "next/link";
import { buttonClasses } from "@/components/ui/button-classes";
import { EmptyState } from "@/components/ui/empty-state";

/** What a screen that needs an account shows a visitor who is not signed in. */
export function SignInPrompt({ title, next, children }: { title: string; next: string; children?: React.ReactNode }) {
  return (
    <EmptyState
      title={title}
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
      {children}
    </EmptyState>
  );
}
