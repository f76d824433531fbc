import { toWebFieldResponse } from "./scan-web-form";
import { updateWebForm, type DocumentFile } from "./update-web-form";
import { getWebSessionOrThrow, workInWebSession, type WebSession } from "./web-sessions";

export interface UpdateWebPageOptions {
  ownerId: string;
  sessionId: string;
  fields: Array<{ field: string; value?: string | boolean | number; document_id?: string }>;
  loadDocument: (documentId: string) => Promise<DocumentFile>;
}

/** Types the given values into the session's page (never submits) and reports each field. */
export async function updateWebPage(options: UpdateWebPageOptions) {
  const session = getWebSessionOrThrow(options.ownerId, options.sessionId);
  return workInWebSession(session, () => updateInSession(session, options));
}

async function updateInSession(session: WebSession, options: UpdateWebPageOptions) {
  const results = await updateWebForm({
    session,
    loadDocument: options.loadDocument,
    updates: options.fields.map((entry) => ({
      field: entry.field,
      value: typeof entry.value === "number" ? String(entry.value) : entry.value,
      documentId: entry.document_id,
    })),
  });
  return {
    session_id: session.id,
    url: session.page.url(),
    results,
    fields: session.fields.map(toWebFieldResponse),
    screenshot: (await session.page.screenshot({ type: "png" })).toString("base64"),
  };
}
