import type { ReferenceOperation } from "./read-openapi";

export interface ExampleRequests {
  curl: string;
  javascript: string;
  python: string;
}

/** The placeholder credential an operation takes, as a header, or undefined when it needs none. */
function credential(operation: ReferenceOperation): [string, string] | undefined {
  if (operation.authentication.includes("bearerApiKey")) return ["Authorization", "Bearer sd_YOUR_API_KEY"];
  if (operation.authentication.includes("bearerJwt")) return ["Authorization", "Bearer YOUR_ACCESS_TOKEN"];
  return undefined;
}

function urlOf(operation: ReferenceOperation, baseUrl: string): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => name.toUpperCase());
  const query = operation.parameters
    .filter((parameter) => parameter.location === "query" && parameter.required)
    .map((parameter) => `${parameter.name}=${parameter.name.toUpperCase()}`);
  return `${baseUrl}${path}${query.length > 0 ? `?${query.join("&")}` : ""}`;
}

/** Form fields an example sends: the required ones, and at least the first file. */
function exampleFields(operation: ReferenceOperation) {
  const sample = operation.requestSample;
  if (sample?.kind !== "form") return [];
  const firstFile = sample.fields.find((field) => field.file);
  return sample.fields.filter((field) => field.required || field === firstFile);
}

/** The same request as curl, JavaScript (fetch) and Python (requests), with placeholders to fill in. */
export function exampleRequests(operation: ReferenceOperation, baseUrl: string): ExampleRequests {
  const url = urlOf(operation, baseUrl);
  const auth = credential(operation);
  const sample = operation.requestSample;
  const fields = exampleFields(operation);
  const json = sample?.kind === "json" ? JSON.stringify(sample.body, null, 2) : undefined;

  const curl = [
    `curl -X ${operation.method} "${url}"`,
    ...(auth ? [`  -H "${auth[0]}: ${auth[1]}"`] : []),
    ...(json !== undefined ? [`  -H "Content-Type: application/json"`, `  -d '${json.replace(/'/g, "'\\''")}'`] : []),
    ...fields.map((field) => (field.file ? `  -F "${field.name}=@document.pdf"` : `  -F "${field.name}=VALUE"`)),
  ].join(" \\\n");

  const jsHeaders = [
    ...(auth ? [`"${auth[0]}": "${auth[1]}"`] : []),
    ...(json !== undefined ? [`"Content-Type": "application/json"`] : []),
  ];
  const javascript = [
    ...(fields.length > 0
      ? [
          "const form = new FormData();",
          ...fields.map((field) =>
            field.file
              ? `form.append("${field.name}", fileInput.files[0]); // or a Blob`
              : `form.append("${field.name}", "VALUE");`,
          ),
        ]
      : []),
    `const response = await fetch("${url}", {`,
    `  method: "${operation.method}",`,
    ...(jsHeaders.length > 0 ? [`  headers: { ${jsHeaders.join(", ")} },`] : []),
    ...(json !== undefined ? [`  body: JSON.stringify(${json.replace(/\n/g, "\n  ")}),`] : []),
    ...(fields.length > 0 ? ["  body: form,"] : []),
    "});",
    "console.log(response.status, await response.json());",
  ].join("\n");

  const files = fields.filter((field) => field.file);
  const data = fields.filter((field) => !field.file);
  const python = [
    "import requests",
    "",
    `response = requests.${operation.method.toLowerCase()}(`,
    `    "${url}",`,
    ...(auth ? [`    headers={"${auth[0]}": "${auth[1]}"},`] : []),
    ...(json !== undefined ? [`    json=${toPython(sample?.kind === "json" ? sample.body : null)},`] : []),
    ...(files.length > 0
      ? [`    files={${files.map((field) => `"${field.name}": open("document.pdf", "rb")`).join(", ")}},`]
      : []),
    ...(data.length > 0 ? [`    data={${data.map((field) => `"${field.name}": "VALUE"`).join(", ")}},`] : []),
    ")",
    "print(response.status_code, response.json())",
  ].join("\n");

  return { curl, javascript, python };
}

/** A JSON value written as a Python literal (True/False/None instead of true/false/null). */
function toPython(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (Array.isArray(value)) return `[${value.map(toPython).join(", ")}]`;
  if (typeof value === "object")
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${toPython(item)}`)
      .join(", ")}}`;
  return JSON.stringify(value);
}
