import type { ReferenceSchema } from "./read-openapi";

/** Every named schema with its fields, as link targets for the operations above. */
export function SchemaList({ schemas }: { schemas: ReferenceSchema[] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {schemas.map((schema) => (
        <section
          key={schema.name}
          id={`schema-${schema.name}`}
          aria-labelledby={`schema-${schema.name}-title`}
          className="scroll-mt-4 rounded-lg border border-line p-4 wrap-anywhere"
        >
          <h4 id={`schema-${schema.name}-title`} className="font-mono text-sm font-semibold">
            {schema.name}
            {schema.title ? (
              <span className="ml-2 font-sans font-normal text-ink-muted">(title: {schema.title})</span>
            ) : null}
          </h4>
          {schema.description ? <p className="mt-1 text-sm text-ink-muted">{schema.description}</p> : null}
          {schema.properties.length > 0 ? (
            <ul className="mt-2 flex flex-col gap-1 text-sm">
              {schema.properties.map((property) => (
                <li key={property.name}>
                  <code className="font-mono">{property.name}</code>
                  {property.required ? (
                    <span className="text-red-700 dark:text-red-400" title="required">
                      {" "}
                      *
                    </span>
                  ) : null}{" "}
                  <span className="font-mono text-ink-muted">{property.type}</span>
                  {property.description ? <span className="text-ink-muted"> — {property.description}</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </div>
  );
}
