import type { SchemaField } from "./schema-fields";

/** The same extraction as a developer sends it to /v1/extract, with the key left as a placeholder. */
export function requestSnippets(options: { origin: string; fileName: string; fields: SchemaField[] }) {
  const { origin, fileName, fields } = options;
  const schema = JSON.stringify(fields.map((field) => ({ name: field.name, type: field.type })));
  const url = `${origin}/v1/extract`;
  const shellQuoted = `'${schema.replaceAll("'", "'\\''")}'`;
  return {
    curl: [
      `curl -X POST ${url} \\`,
      `  -H "Authorization: Bearer $DOCSVC_API_KEY" \\`,
      `  -F "file=@${fileName}" \\`,
      `  -F schema=${shellQuoted} \\`,
      `  -F detail=true`,
    ].join("\n"),
    fetch: [
      `const form = new FormData();`,
      `form.append("file", await fs.openAsBlob(${JSON.stringify(fileName)}), ${JSON.stringify(fileName)});`,
      `form.append("schema", ${JSON.stringify(schema)});`,
      `form.append("detail", "true");`,
      `const response = await fetch(${JSON.stringify(url)}, {`,
      `  method: "POST",`,
      "  headers: { Authorization: `Bearer ${process.env.DOCSVC_API_KEY}` },",
      `  body: form,`,
      `});`,
      `console.log(await response.json());`,
    ].join("\n"),
    python: [
      `import os, requests`,
      ``,
      `with open(${JSON.stringify(fileName)}, "rb") as file:`,
      `    response = requests.post(`,
      `        ${JSON.stringify(url)},`,
      `        headers={"Authorization": f"Bearer {os.environ['DOCSVC_API_KEY']}"},`,
      `        files={"file": file},`,
      `        data={"schema": ${JSON.stringify(schema)}, "detail": "true"},`,
      `    )`,
      `print(response.json())`,
    ].join("\n"),
  };
}
