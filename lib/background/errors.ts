// Inngest's own class, so a handler throws the same error in both modes: Inngest stops retrying,
// and the in-process executor recognises it and fails the run at once.
export { NonRetriableError } from "inngest";

/** A payload that does not match its event's schema; nothing was sent. */
export class EventValidationError extends Error {
  readonly eventName: string;
  readonly issues: { path: string; message: string }[];

  constructor(eventName: string, issues: { path: string; message: string }[]) {
    super(
      `Invalid payload for event ${eventName}: ${issues.map((issue) => `${issue.path || "(root)"}: ${issue.message}`).join("; ")}`,
    );
    this.name = "EventValidationError";
    this.eventName = eventName;
    this.issues = issues;
  }
}
