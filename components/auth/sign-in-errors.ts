// next-auth v4 redirects to the sign-in page with ?error=<code> when a provider sign-in fails.
const MESSAGES: Record<string, string> = {
  OAuthSignin: "Could not start signing in with the identity provider. Try again.",
  OAuthCallback: "The identity provider's answer could not be used. Try again.",
  OAuthCreateAccount: "Could not create an account from the identity provider.",
  OAuthAccountNotLinked: "This email already has an account; sign in with your password.",
  Callback: "Signing in with the identity provider failed. Try again.",
  CredentialsSignin: "Incorrect email or password.",
  SessionRequired: "Sign in to see that page.",
};

/** A person-readable message for next-auth's error code, or undefined when there is none. */
export function signInErrorMessage(code: string | undefined): string | undefined {
  if (!code) return undefined;
  return MESSAGES[code] ?? "Signing in failed. Try again.";
}
