// Moved to @/lib/contracts/contract; this re-export keeps imports written before the move compiling until they are
// rewritten (see the commit that moved it). New code imports @/lib/contracts/contract directly.
export * from "@/lib/contracts/contract";
