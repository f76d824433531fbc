import NextAuth from "next-auth";
import { getNextAuthOptions } from "@/lib/auth/next-auth-options";

// /api/auth/signin, /callback/{provider}, /session, /csrf, /providers, /signout – the browser's sign-in.
// Options are built per request so configuration and the generated secret are read at run time, not build time.
async function handler(req: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  return NextAuth(req as never, context as never, getNextAuthOptions());
}

export { handler as GET, handler as POST };
