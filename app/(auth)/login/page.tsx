import { redirect } from "next/navigation";

// next-auth's configured sign-in page (pages.signIn = "/login"): it sends failed provider sign-ins
// here with ?error=…; the screen lives at /sign-in.
export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(await searchParams)) {
    if (typeof value === "string") query.set(name, value);
  }
  // next-auth names the page to return to callbackUrl; our screens call it next.
  const callbackUrl = query.get("callbackUrl");
  if (callbackUrl) {
    query.delete("callbackUrl");
    const url = URL.canParse(callbackUrl) ? new URL(callbackUrl) : undefined;
    query.set("next", url ? `${url.pathname}${url.search}` : callbackUrl);
  }
  redirect(query.size > 0 ? `/sign-in?${query}` : "/sign-in");
}
