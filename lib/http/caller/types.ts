// Moved to @/lib/contracts/caller; this re-export keeps imports written before the move compiling until they are
// rewritten (see the commit that moved it). New code imports @/lib/contracts/caller directly.
export * from "@/lib/contracts/caller";
