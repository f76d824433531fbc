import { redirect } from "next/navigation";

// The API route is /api/auth/accept-invitation; people who type the screen's name land on /invite.
export default async function AcceptInvitationPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  redirect(token ? `/invite?token=${encodeURIComponent(token)}` : "/invite");
}
