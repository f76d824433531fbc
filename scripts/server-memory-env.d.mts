export const MALLOC_SETTINGS: Record<"MALLOC_MMAP_THRESHOLD_" | "MALLOC_ARENA_MAX", string>;
export function withMallocSettings<T extends Record<string, string | undefined>>(env: T): T & typeof MALLOC_SETTINGS;
