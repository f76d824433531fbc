import { getNextAuthOptions } from "@/lib/auth/next-auth-options";

/**
 * The OAuth providers next-auth serves (what its /api/auth/providers lists besides credentials),
 * read from the same options on the server so the button is in the first render or not at all.
 */
export function listIdentityProviders(): { id: string; name: string }[] {
  return getNextAuthOptions()
    .providers.filter((provider) => provider.type === "oauth")
    .map((provider) => ({ id: provider.id, name: provider.name }));
}
