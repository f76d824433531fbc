/** The kinds of work a developer API job does. */
export const JOB_TYPES = ["extract", "fill_pdf", "fill_excel"] as const;
export type JobType = (typeof JOB_TYPES)[number];

/** processing → completed | failed | cancelled; the last three are final. */
export const JOB_STATUSES = ["processing", "completed", "failed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Produced files (filled PDF, workbook) can be downloaded for this long after the job was created. */
export const JOB_OUTPUT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
