import JSZip from "jszip";

// exceljs reads an .xlsm but writes a plain .xlsx: the VBA project (xl/vbaProject.bin and any
// signature parts hanging off it), its relationship and content types, and the code names that bind
// the document modules (ThisWorkbook, Sheet1…) to the workbook and its sheets are all dropped. They
// are copied back from the template byte for byte, and the workbook part is declared macro-enabled,
// without which Excel refuses to open a file named .xlsm.

const vbaProjectRelationship = "http://schemas.microsoft.com/office/2006/relationships/vbaProject";
const vbaProjectContentType = "application/vnd.ms-office.vbaProject";
const macroEnabledMain = "application/vnd.ms-excel.sheet.macroEnabled.main+xml";
// exceljs only reads and writes the workbook at this path, so both packages have it there.
const workbookPart = "xl/workbook.xml";

interface Relationship {
  id: string;
  type: string;
  target: string;
}

const namedEntities: Record<string, string> = { lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" };

function decodeXml(text: string): string {
  return text.replace(
    /&(?:(lt|gt|quot|apos|amp)|#(\d+)|#x([0-9a-fA-F]+));/g,
    (_, name?: string, decimal?: string, hex?: string) =>
      name ? namedEntities[name] : String.fromCodePoint(decimal ? Number(decimal) : parseInt(hex!, 16)),
  );
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The attributes of one start tag, decoded; a prefixed name (r:id) keeps its prefix. */
function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, double, single] of tag.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
    attributes[name] = decodeXml(double ?? single);
  return attributes;
}

function tags(xml: string, name: string): Array<Record<string, string>> {
  return [...xml.matchAll(new RegExp(`<(?:\\w+:)?${name}\\b[^>]*>`, "g"))].map(([tag]) => attributesOf(tag));
}

async function readText(zip: JSZip, path: string): Promise<string | undefined> {
  return zip.file(path)?.async("string");
}

async function relationshipsOf(zip: JSZip, part: string): Promise<Relationship[]> {
  const slash = part.lastIndexOf("/");
  const xml = await readText(zip, `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`);
  return xml
    ? tags(xml, "Relationship").map((entry) => ({
        id: entry.Id ?? "",
        type: entry.Type ?? "",
        target: entry.Target ?? "",
      }))
    : [];
}

/** A relationship target as a package path: absolute ("/xl/x.bin") or relative to the source part's folder. */
function resolveTarget(sourcePart: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const folder = sourcePart.split("/").slice(0, -1);
  for (const segment of target.split("/")) {
    if (segment === "..") folder.pop();
    else if (segment !== ".") folder.push(segment);
  }
  return folder.join("/");
}

/** Sheet name → code name, for the sheets of a workbook that have one. */
async function sheetParts(zip: JSZip): Promise<Map<string, string>> {
  const workbook = (await readText(zip, workbookPart)) ?? "";
  const relationships = await relationshipsOf(zip, workbookPart);
  const parts = new Map<string, string>();
  for (const sheet of tags(workbook, "sheet")) {
    const id = Object.entries(sheet).find(([name]) => name.endsWith(":id"))?.[1];
    const relationship = relationships.find((entry) => entry.id === id);
    if (sheet.name && relationship) parts.set(sheet.name, resolveTarget(workbookPart, relationship.target));
  }
  return parts;
}

function withCodeName(xml: string, element: "workbookPr" | "sheetPr", codeName: string, parentTag: RegExp): string {
  const open = new RegExp(`<${element}(?=[\\s/>])([^>]*)>`);
  const existing = xml.match(open);
  const attribute = `codeName="${escapeXml(codeName)}"`;
  if (existing)
    return /\bcodeName\s*=/.test(existing[1])
      ? xml
      : xml.replace(open, (_, rest: string) => `<${element} ${attribute}${rest}>`);
  // sheetPr is the first child of worksheet; exceljs leaves it out when a sheet has no properties.
  return element === "sheetPr" ? xml.replace(parentTag, (tag) => `${tag}<sheetPr ${attribute}/>`) : xml;
}

async function restoreCodeNames(template: JSZip, filled: JSZip): Promise<void> {
  const bookCodeName = tags((await readText(template, workbookPart)) ?? "", "workbookPr")[0]?.codeName;
  if (bookCodeName)
    filled.file(
      workbookPart,
      withCodeName((await readText(filled, workbookPart))!, "workbookPr", bookCodeName, /<workbook\b[^>]*>/),
    );
  const filledSheets = await sheetParts(filled);
  for (const [name, templatePart] of await sheetParts(template)) {
    const codeName = tags((await readText(template, templatePart)) ?? "", "sheetPr")[0]?.codeName;
    const filledPart = filledSheets.get(name);
    const xml = filledPart ? await readText(filled, filledPart) : undefined;
    if (codeName && filledPart && xml)
      filled.file(filledPart, withCodeName(xml, "sheetPr", codeName, /<worksheet\b[^>]*>/));
  }
}

/** The VBA project part and the parts it points to (its signatures), as package paths. */
async function vbaParts(template: JSZip): Promise<{ relationship: Relationship; parts: string[] } | undefined> {
  const relationship = (await relationshipsOf(template, workbookPart)).find(
    (entry) => entry.type === vbaProjectRelationship,
  );
  if (!relationship) return undefined;
  const project = resolveTarget(workbookPart, relationship.target);
  if (!template.file(project)) return undefined;
  const projectFolder = project.split("/").slice(0, -1).join("/");
  const projectRels = `${projectFolder}/_rels/${project.split("/").at(-1)}.rels`;
  const linked = (await relationshipsOf(template, project)).map((entry) => resolveTarget(project, entry.target));
  const parts = [
    project,
    ...(template.file(projectRels) ? [projectRels] : []),
    ...linked.filter((part) => template.file(part)),
  ];
  return { relationship, parts };
}

function contentTypeIn(types: string, part: string): string | undefined {
  const override = tags(types, "Override").find((entry) => entry.PartName?.toLowerCase() === `/${part}`.toLowerCase());
  if (override) return override.ContentType;
  const extension = part.split(".").at(-1)?.toLowerCase();
  return tags(types, "Default").find((entry) => entry.Extension?.toLowerCase() === extension)?.ContentType;
}

function addRelationship(xml: string, relationship: Relationship): string {
  const taken = new Set(tags(xml, "Relationship").map((entry) => entry.Id));
  let id = relationship.id;
  for (let next = taken.size + 1; taken.has(id) || !id; next++) id = `rId${next}`;
  const entry = `<Relationship Id="${escapeXml(id)}" Type="${vbaProjectRelationship}" Target="${escapeXml(relationship.target)}"/>`;
  return xml.replace("</Relationships>", () => `${entry}</Relationships>`);
}

/**
 * The filled workbook (as exceljs wrote it) made an .xlsm again: the template's VBA project and
 * code names are put back and the workbook part is declared macro-enabled. Bytes in, bytes out.
 */
export async function restoreVbaProject(options: { template: Buffer; filled: Buffer }): Promise<Buffer> {
  const template = await JSZip.loadAsync(options.template);
  const filled = await JSZip.loadAsync(options.filled);
  const templateTypes = (await readText(template, "[Content_Types].xml")) ?? "";
  let types = (await readText(filled, "[Content_Types].xml"))!;
  types = types.replace(
    /(<Override\b[^>]*PartName="\/xl\/workbook\.xml"[^>]*ContentType=")[^"]*/,
    `$1${macroEnabledMain}`,
  );

  const vba = await vbaParts(template);
  if (vba) {
    for (const part of vba.parts) {
      filled.file(part, await template.file(part)!.async("nodebuffer"));
      if (part.endsWith(".rels")) continue;
      const contentType =
        contentTypeIn(templateTypes, part) ??
        (part === vba.parts[0] ? vbaProjectContentType : "application/octet-stream");
      if (contentTypeIn(types, part) === contentType) continue;
      types = types.replace(
        "</Types>",
        () => `<Override PartName="/${escapeXml(part)}" ContentType="${escapeXml(contentType)}"/></Types>`,
      );
    }
    const workbookRels = "xl/_rels/workbook.xml.rels";
    filled.file(workbookRels, addRelationship((await readText(filled, workbookRels))!, vba.relationship));
  }
  filled.file("[Content_Types].xml", types);
  await restoreCodeNames(template, filled);
  return filled.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}
