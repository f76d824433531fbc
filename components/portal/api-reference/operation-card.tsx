import { CodeBlock } from "@/components/portal/code-block";
import type { ExampleRequests } from "./example-requests";
import type { ReferenceOperation } from "./read-openapi";

const METHOD_CLASSES: Record<string, string> = {
  GET: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100",
  POST: "bg-brand-100 text-brand-700 dark:bg-brand-700 dark:text-white",
  PUT: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  PATCH: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  DELETE: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
};

const AUTH_LABELS: Record<string, string> = {
  bearerJwt: "access token",
  bearerApiKey: "API key",
  apiKeyHeader: "x-api-key",
  sessionCookie: "browser session",
  guestSession: "guest session",
};

function SchemaLink({ name }: { name: string }) {
  const base = name.replace(/\[\]$/, "");
  // Only component names (capitalised, no spaces) have a section to jump to.
  if (!/^[A-Z][A-Za-z0-9_]*$/.test(base)) return <code className="font-mono">{name}</code>;
  return (
    <a
      href={`#schema-${base}`}
      className="font-mono text-brand-600 underline-offset-2 hover:underline dark:text-brand-100"
    >
      {name}
    </a>
  );
}

/**
 * One operation: method, path, summary, how to authenticate, parameters, body, responses, and example
 * requests (curl, JavaScript, Python) with the documented example answer. The title links to itself.
 */
export function OperationCard({ operation, examples }: { operation: ReferenceOperation; examples: ExampleRequests }) {
  const example = operation.responses.find((response) => response.example !== undefined);
  return (
    <article
      id={operation.id}
      aria-labelledby={`${operation.id}-title`}
      className="scroll-mt-4 rounded-lg border border-line p-4 wrap-anywhere"
      data-testid="api-operation"
    >
      <h4 id={`${operation.id}-title`} className="flex flex-wrap items-baseline gap-2">
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold ${METHOD_CLASSES[operation.method] ?? ""}`}>
          {operation.method}
        </span>
        <code className="break-all font-mono text-sm font-semibold text-ink">{operation.path}</code>
        <span className="text-sm text-ink-muted">— {operation.summary}</span>
        <a
          href={`#${operation.id}`}
          className="text-sm text-brand-600 underline-offset-2 hover:underline dark:text-brand-100"
          aria-label={`Link to ${operation.method} ${operation.path}`}
        >
          #
        </a>
      </h4>
      {operation.description ? <p className="mt-2 text-sm text-ink-muted">{operation.description}</p> : null}
      <p className="mt-2 text-xs text-ink-muted">
        Authentication:{" "}
        {operation.authentication.length > 0
          ? operation.authentication.map((scheme) => AUTH_LABELS[scheme] ?? scheme).join(", ")
          : "none"}
      </p>

      {operation.parameters.length > 0 ? (
        <div className="relative mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              Parameters of {operation.method} {operation.path}
            </caption>
            <thead className="text-ink-muted">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Parameter
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  In
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Type
                </th>
                <th scope="col" className="py-1 font-medium">
                  Description
                </th>
              </tr>
            </thead>
            <tbody>
              {operation.parameters.map((parameter) => (
                <tr key={`${parameter.location}-${parameter.name}`} className="border-t border-line align-top">
                  <td className="py-1 pr-3 font-mono">
                    {parameter.name}
                    {parameter.required ? (
                      <span className="text-red-700 dark:text-red-400" title="required">
                        {" "}
                        *
                      </span>
                    ) : null}
                  </td>
                  <td className="py-1 pr-3">{parameter.location}</td>
                  <td className="py-1 pr-3 font-mono">{parameter.type}</td>
                  <td className="py-1 text-ink-muted">{parameter.description ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
        {operation.requestBody ? (
          <>
            <dt className="text-ink-muted">Request body</dt>
            <dd>
              <SchemaLink name={operation.requestBody.schema} />{" "}
              <span className="text-ink-muted">
                ({operation.requestBody.contentType}
                {operation.requestBody.required ? "" : ", optional"})
              </span>
            </dd>
          </>
        ) : null}
        <dt className="text-ink-muted">Responses</dt>
        <dd>
          <ul className="flex flex-col gap-0.5">
            {operation.responses.map((response) => (
              <li key={response.status}>
                <span className="font-mono font-semibold">{response.status}</span> {response.description}
                {response.schema && response.schema !== "any" ? (
                  <>
                    {" · "}
                    <SchemaLink name={response.schema} />
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      <details className="mt-3" data-testid="operation-examples">
        <summary className="cursor-pointer text-sm font-medium text-brand-600 dark:text-brand-100">Examples</summary>
        <div className="mt-2 flex flex-col gap-3">
          <CodeBlock title="curl" code={examples.curl} />
          <CodeBlock title="JavaScript" code={examples.javascript} />
          <CodeBlock title="Python" code={examples.python} />
          {example ? (
            <CodeBlock title={`Example response (${example.status})`} code={JSON.stringify(example.example, null, 2)} />
          ) : null}
        </div>
      </details>
    </article>
  );
}
