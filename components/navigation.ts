/** Top-level sections of the app; each feature issue adds its screen here when it works. */
export const primaryNavigation = [
  { href: "/upload", label: "Upload" },
  { href: "/batches", label: "Batches" },
  { href: "/library", label: "Library" },
  { href: "/chat", label: "Chat" },
  { href: "/playground", label: "Extract" },
  { href: "/fill", label: "Fill" },
  { href: "/web-fill", label: "Web forms" },
  { href: "/developers", label: "Developers" },
] as const;
