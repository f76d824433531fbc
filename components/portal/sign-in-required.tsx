import { SignInPrompt } from "@/components/auth/sign-in-prompt";

/** What a portal section shows a visitor who is not signed in. */
export function SignInRequired({ what, next }: { what: string; next: string }) {
  return (
    <SignInPrompt title={`Sign in to see ${what}`} next={next}>
      The quick start and the API reference are open to everyone.
    </SignInPrompt>
  );
}
