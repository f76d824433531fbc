import NextAuth from "next-auth";
import { getNextAuthOptions } from "@/lib/auth/next-auth-options";
import { getConfig } from "@/lib/config";

// /api/auth/signin, /callback/{provider}, /session, /csrf, /providers, /signout – the browser's sign-in.
// Options are built per request so configuration and the generated secret are read at run time, not build time.
async function handler(req: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  // next-auth v4 reads its public address only from NEXTAUTH_URL; APP_URL is ours.
  process.env.NEXTAUTH_URL ??= new URL("/api/auth", getConfig().APP_URL).toString();
  return NextAuth(req as never, context as never, getNextAuthOptions());
}

export { handler as GET, handler as POST };
