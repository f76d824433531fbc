import NextAuth from "next-auth";
import { getNextAuthOptions } from "@/lib/auth/next-auth-options";
import { withRequestLog } from "@/lib/http/log-request";

// /api/auth/signin, /callback/{provider}, /session, /csrf, /providers, /signout – the browser's sign-in.
// Options are built per request so configuration and the generated secret are read at run time, not build time.
const handler = withRequestLog(
  async (req, _requestId, context: { params: Promise<{ nextauth: string[] }> }): Promise<Response> =>
    NextAuth(req as never, context as never, getNextAuthOptions()),
);

export { handler as GET, handler as POST };
