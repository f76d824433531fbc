export { deleteLibraryFile } from "./delete-library-file";
export { downloadLibraryFile } from "./download-library-file";
export { getLibraryFileOrThrow } from "./get-library-file-or-throw";
export { libraryFileKind } from "./library-file-kind";
export { listLibraryFiles } from "./list-library-files";
export { readLibraryFile } from "./read-library-file";
export { LIBRARY_MAX_BYTES, saveLibraryFile, type SaveLibraryFileOptions } from "./save-library-file";
export type { LibraryFileKind, LibraryFileResponseBody } from "./schemas";
