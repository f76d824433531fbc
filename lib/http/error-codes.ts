// Moved to @/lib/errors/error-codes; this re-export keeps imports written before the move compiling until they are
// rewritten (see the commit that moved it). New code imports @/lib/errors/error-codes directly.
export * from "@/lib/errors/error-codes";
