// Guest use without an account: the application API's guest limits (GET /api/batch/guest-limits/{session_id}).

/** Files one guest session may upload in total. */
export const GUEST_MAX_FILES = 1;
/** Pages those files may have in total. */
export const GUEST_MAX_PAGES = 46;
/** New guest sessions one client address may create per rolling 24 hours. */
export const GUEST_SESSIONS_PER_IP_PER_DAY = 3;
/** How long a guest session (and its access to its batch) lasts. */
export const GUEST_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Largest file a guest may upload: the Free tier's. */
export const GUEST_MAX_FILE_SIZE_BYTES = 10 * 1024 * 1024;

export const GUEST_LIMITS_MESSAGE = `Guests may upload ${GUEST_MAX_FILES} file of at most ${GUEST_MAX_PAGES} pages; sign up for a free account to upload more and to keep what you uploaded.`;
