import { getOpenApiDocument } from "@/lib/openapi/get-openapi-document";
import { OperationCard } from "./operation-card";
import { listOperationsByTag, listSchemas } from "./read-openapi";
import { SchemaList } from "./schema-list";

function tagAnchor(tag: string): string {
  return `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

/** The API reference, rendered on the server from the same OpenAPI document /openapi.json serves. */
export function ApiReference() {
  const document = getOpenApiDocument();
  const groups = listOperationsByTag(document);
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
      <nav aria-label="API sections">
        <ul className="flex flex-wrap gap-2 text-sm">
          {groups.map((group) => (
            <li key={group.tag}>
              <a
                href={`#${tagAnchor(group.tag)}`}
                className="inline-block rounded-full border border-line px-3 py-1 hover:bg-surface-muted"
              >
                {group.tag} <span className="text-ink-muted">({group.operations.length})</span>
              </a>
            </li>
          ))}
          <li>
            <a
              href="#schemas"
              className="inline-block rounded-full border border-line px-3 py-1 hover:bg-surface-muted"
            >
              Schemas <span className="text-ink-muted">({schemas.length})</span>
            </a>
          </li>
        </ul>
      </nav>
      {groups.map((group) => (
        <section
          key={group.tag}
          id={tagAnchor(group.tag)}
          aria-labelledby={`${tagAnchor(group.tag)}-title`}
          className="flex scroll-mt-4 flex-col gap-3"
        >
          <h3 id={`${tagAnchor(group.tag)}-title`} className="text-xl font-semibold">
            {group.tag}
          </h3>
          {group.operations.map((operation) => (
            <OperationCard key={operation.id} operation={operation} />
          ))}
        </section>
      ))}
      <section id="schemas" aria-labelledby="schemas-title" className="flex scroll-mt-4 flex-col gap-3">
        <h3 id="schemas-title" className="text-xl font-semibold">
          Schemas
        </h3>
        <SchemaList schemas={schemas} />
      </section>
    </div>
  );
}
