import type { DomField } from "./dom-fields";

/** A form control a scan found, as sessions keep it and fills address it. */
export interface WebField extends Omit<DomField, "kind"> {
  kind: DomField["kind"];
  /** URL of the frame the field is in (the page's own URL for the main frame). */
  frameUrl: string;
  /** The accessible name from the browser's accessibility snapshot, when it differs from nothing. */
  accessibleName?: string;
}
