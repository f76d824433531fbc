// Moved to @/lib/auth/caller/resolve-caller; this re-export keeps imports written before the move compiling until they are
// rewritten (see the commit that moved it). New code imports @/lib/auth/caller/resolve-caller directly.
export * from "@/lib/auth/caller/resolve-caller";
