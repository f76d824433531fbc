// Every variant looks disabled when it is (faded, no hover), so a control that does nothing says so.
// Shared by the Button (a client component) and by links in server components that look like buttons.

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";

const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:hover:bg-brand-600",
  secondary: "border border-line bg-surface text-ink hover:bg-surface-muted disabled:hover:bg-surface",
  danger: "bg-red-700 text-white hover:bg-red-800 disabled:hover:bg-red-700",
  ghost: "text-ink hover:bg-surface-muted disabled:hover:bg-transparent",
};

export const FOCUS_RING = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

/** The look of a button, for links that act as buttons. */
export function buttonClasses(variant: ButtonVariant = "primary", className = ""): string {
  return `inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-45 ${FOCUS_RING} ${VARIANT_CLASSES[variant]} ${className}`;
}
