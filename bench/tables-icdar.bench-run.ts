import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { it } from "vitest";
import { readDocument } from "@/lib/documents/read-document";
import { extractStructure } from "@/lib/extraction/extract-structure";

// Tables of the ICDAR 2013 table-competition PDFs kept in ../shared/corpus/03_table_pdfs/icdar2013
// (read in place, never copied): how many tables docsvc reports against the annotated count, and
// the competition's adjacency measure — each non-empty cell with its nearest non-empty neighbour to
// the right and below, compared as texts (lower case, letters and digits only), pooled over the
// files. A cell spanning columns or rows counts at its first one. Beside them, the tabula test PDFs
// (03_table_pdfs/tabula_expected_csv): the share of their expected CSV's adjacencies found in
// any reported table, a check that the grouping holds outside the competition's layouts.
// BENCH_VERBOSE=1 prints each file's tables. Run: npx vitest run --config bench/vitest.config.ts bench/tables-icdar.bench-run.ts

const verbose = process.env.BENCH_VERBOSE === "1";
const folder = () =>
  path.join(path.resolve(process.env.BENCH_CORPUS ?? "../shared/corpus"), "03_table_pdfs", "icdar2013");

const norm = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");

/** The annotated tables of one file as grids of cell texts. */
function annotatedTables(xml: string): string[][][] {
  const tables: string[][][] = [];
  for (const table of xml.split(/<table\b/).slice(1)) {
    const grid: string[][] = [];
    for (const region of table.split(/<region\b/).slice(1)) {
      const rowIncrement = Number(/row-increment=['"](\d+)/.exec(region)?.[1] ?? 0);
      const colIncrement = Number(/col-increment=['"](\d+)/.exec(region)?.[1] ?? 0);
      for (const cell of region.split(/<cell\b/).slice(1)) {
        const row = Number(/start-row=['"](\d+)/.exec(cell)![1]) + rowIncrement;
        const col = Number(/start-col=['"](\d+)/.exec(cell)![1]) + colIncrement;
        const content = /<content>([\s\S]*?)<\/content>/.exec(cell)?.[1] ?? "";
        (grid[row] ??= [])[col] = content.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
      }
    }
    tables.push(Array.from(grid, (row) => Array.from(row ?? [], (cell) => cell ?? "")));
  }
  return tables;
}

/** Adjacency relations of a grid: "a→b" across and "a↓b" down between nearest non-empty cells. */
function relations(grid: string[][]): string[] {
  const out: string[] = [];
  const cells = grid.map((row) => row.map(norm));
  const width = Math.max(0, ...cells.map((row) => row.length));
  for (const row of cells) {
    const filled = row.filter(Boolean);
    for (let i = 1; i < filled.length; i++) out.push(`${filled[i - 1]}→${filled[i]}`);
  }
  for (let col = 0; col < width; col++) {
    const filled = cells.map((row) => row[col] ?? "").filter(Boolean);
    for (let i = 1; i < filled.length; i++) out.push(`${filled[i - 1]}↓${filled[i]}`);
  }
  return out;
}

function matched(truth: string[], found: string[]): number {
  const left = new Map<string, number>();
  for (const relation of truth) left.set(relation, (left.get(relation) ?? 0) + 1);
  let hits = 0;
  for (const relation of found) {
    const count = left.get(relation) ?? 0;
    if (count > 0) {
      hits++;
      left.set(relation, count - 1);
    }
  }
  return hits;
}

it("measures tables on the ICDAR 2013 competition files", async () => {
  const dir = folder();
  if (!existsSync(dir)) return console.log(`${dir} absent: nothing measured.`);
  const totals = { truth: 0, reported: 0, relations: 0, found: 0, hits: 0 };
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith(".pdf"))
    .sort()) {
    const truthTables = annotatedTables(readFileSync(path.join(dir, file.replace(/\.pdf$/, "-str.xml")), "utf8"));
    const { pages } = await readDocument({ bytes: readFileSync(path.join(dir, file)), fileName: file });
    const tables = extractStructure({ pages }).tables;
    const truth = truthTables.flatMap(relations);
    const found = tables.flatMap((table) => relations(table.rows));
    const hits = matched(truth, found);
    totals.truth += truthTables.length;
    totals.reported += tables.length;
    totals.relations += truth.length;
    totals.found += found.length;
    totals.hits += hits;
    console.log(
      `${file.padEnd(12)} tables ${tables.length} of ${truthTables.length}  adjacency right ${hits} of ${truth.length}, reported ${found.length}`,
    );
    if (verbose)
      for (const table of tables)
        console.log(
          `    page ${table.pages.join("+")}: ${table.rows.length}×${table.rows[0]?.length ?? 0} ${JSON.stringify(table.rows.slice(0, 3))}`,
        );
  }
  const recall = totals.hits / Math.max(totals.relations, 1);
  const precision = totals.hits / Math.max(totals.found, 1);
  const f1 = recall + precision === 0 ? 0 : (2 * recall * precision) / (recall + precision);
  console.log(
    `tables: ${totals.reported} reported for ${totals.truth} (${(totals.reported / Math.max(totals.truth, 1)).toFixed(2)}×); adjacency recall ${recall.toFixed(3)}, precision ${precision.toFixed(3)}, F1 ${f1.toFixed(3)}`,
  );
});

/** Rows of a CSV text (quoted fields may hold commas, quotes doubled and line breaks). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [[]];
  let field = "";
  let quoted = false;
  const endField = () => {
    rows.at(-1)!.push(field);
    field = "";
  };
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") endField();
    else if (char === "\n") {
      endField();
      rows.push([]);
    } else if (char !== "\r") field += char;
  }
  if (field || rows.at(-1)!.length) endField();
  return rows.filter((row) => row.some(Boolean));
}

it("measures tables on the tabula test PDFs", async () => {
  const dir = path.join(path.dirname(folder()), "tabula_expected_csv");
  if (!existsSync(dir)) return console.log(`${dir} absent: nothing measured.`);
  const totals = { relations: 0, hits: 0, tables: 0 };
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith(".pdf"))
    .sort()) {
    const truth = relations(csvRows(readFileSync(path.join(dir, file.replace(/\.pdf$/, ".expected.csv")), "utf8")));
    const { pages } = await readDocument({ bytes: readFileSync(path.join(dir, file)), fileName: file });
    const tables = extractStructure({ pages }).tables;
    const hits = matched(
      truth,
      tables.flatMap((table) => relations(table.rows)),
    );
    totals.relations += truth.length;
    totals.hits += hits;
    totals.tables += tables.length;
    console.log(
      `${file.slice(0, 40).padEnd(41)} tables ${tables.length}  expected adjacencies found ${hits} of ${truth.length}`,
    );
  }
  console.log(
    `tabula: ${totals.tables} tables reported; expected adjacencies found ${(totals.hits / Math.max(totals.relations, 1)).toFixed(3)}`,
  );
});
