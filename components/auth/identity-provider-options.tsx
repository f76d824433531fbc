import { IdentityProviderButton } from "./identity-provider-button";
import { listIdentityProviders } from "./identity-providers";

/** One button per configured identity provider and an "or" divider; nothing when none is configured. */
export function IdentityProviderOptions({ next }: { next: string }) {
  const providers = listIdentityProviders();
  if (providers.length === 0) return null;
  return (
    <div className="mb-6 flex flex-col gap-3">
      {providers.map((provider) => (
        <IdentityProviderButton key={provider.id} providerId={provider.id} providerName={provider.name} next={next} />
      ))}
      <p className="flex items-center gap-3 text-xs uppercase tracking-wide text-ink-muted before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line">
        or with email
      </p>
    </div>
  );
}
