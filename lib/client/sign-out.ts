import { signOut } from "next-auth/react";

/**
 * Ends this browser's next-auth session, then goes to `path` on the address the user is on. next-auth's
 * own redirect is absolute (built from APP_URL), which strands a user who reached the app another way.
 */
export async function signOutTo(path: string): Promise<void> {
  await signOut({ redirect: false });
  window.location.assign(path);
}
