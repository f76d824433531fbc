/** Default limit for JSON bodies; uploads go through forms with their own limit. */
export const DEFAULT_JSON_LIMIT_BYTES = 1024 * 1024;
/** Default limit for multipart/urlencoded bodies: the largest tier's file size plus form overhead. */
export const DEFAULT_FORM_LIMIT_BYTES = 101 * 1024 * 1024;
