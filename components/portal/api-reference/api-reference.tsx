import { getOpenApiDocument } from "@/lib/openapi/get-openapi-document";
import { exampleRequests } from "./example-requests";
import { listOperationsByTag, listSchemas } from "./read-openapi";
import { ReferenceBrowser, type ReferenceGroup } from "./reference-browser";
import { SchemaList } from "./schema-list";

/** The API reference, rendered on the server from the same OpenAPI document /openapi.json serves. */
export function ApiReference({ baseUrl }: { baseUrl: string }) {
  const document = getOpenApiDocument();
  const browserGroups: ReferenceGroup[] = listOperationsByTag(document).map((group) => ({
    tag: group.tag,
    operations: group.operations.map((operation) => ({ ...operation, examples: exampleRequests(operation, baseUrl) })),
  }));
  const schemas = listSchemas(document);
  const info = document.info as { version?: string; description?: string };

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2 text-sm text-ink-muted">
        <p>{info.description}</p>
        <p>
          Version {info.version}. Machine-readable:{" "}
          <a href="/openapi.json" className="font-mono text-brand-600 underline dark:text-brand-100">
            /openapi.json
          </a>{" "}
          (OpenAPI 3.1). <span className="text-red-700 dark:text-red-400">*</span> marks required fields.
        </p>
      </div>
      <ReferenceBrowser groups={browserGroups} />
      <section id="schemas" aria-labelledby="schemas-title" className="flex scroll-mt-4 flex-col gap-3">
        <h3 id="schemas-title" className="text-xl font-semibold">
          Schemas
        </h3>
        <SchemaList schemas={schemas} />
      </section>
    </div>
  );
}
