// glibc's allocator settings for the server, for every way the app is served (npm start, the test
// server, the benchmarks). A scanned page passes through buffers of 3–25 MB (its pixels, grey copy,
// PNG) made on the main thread, libvips' threads and the OCR workers. With glibc's defaults each
// thread gets its own arena and buffers that size are carved from them once the mmap threshold has
// grown, and freed pages stay with the process: a server that had read 20 scanned pages kept
// ~270 MB in the main arena alone. Served from mmap, such a buffer goes back to the system when it is
// freed. Settings the operator put in the environment win.
export const MALLOC_SETTINGS = {
  /** Buffers from 1 MB up are mapped and unmapped on their own (fixed: glibc no longer raises it). */
  MALLOC_MMAP_THRESHOLD_: "1048576",
  /** Two arenas for the process's many threads instead of eight per core. */
  MALLOC_ARENA_MAX: "2",
};

/** `env` with the allocator settings added where it has none of its own. */
export function withMallocSettings(env) {
  return { ...MALLOC_SETTINGS, ...env };
}
