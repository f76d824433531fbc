/**
 * How long a health report answers calls before the checks run again. A load balancer probing every
 * second or two then costs one OCR probe per interval, and a busy instance answers at once.
 */
export const HEALTH_REPORT_TTL_MS = 10_000;
