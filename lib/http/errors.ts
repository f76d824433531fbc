// Moved to @/lib/errors/app-error; this re-export keeps imports written before the move compiling until they are
// rewritten (see the commit that moved it). New code imports @/lib/errors/app-error directly.
export * from "@/lib/errors/app-error";
