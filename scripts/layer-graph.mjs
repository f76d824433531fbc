// The folder-level import graph: each lib/<x> folder (or lib/<x>.ts file) and inngest/ is one
// node, an edge is "some file in A imports some file in B". Prints the strongly connected groups
// (folders that import each other, directly or round a loop) and exits 1 when there is one not in
// KNOWN_GROUPS below, so a new crossing fails `npm run check:layers`. Type-only imports are counted
// (a type cycle still ties two folders together) but listed separately, since they vanish at run time.
//
// Production code only: tests (*.test.ts, *.spec.ts) and test helpers (testing/ folders) may reach
// across layers to set things up. File-level cycles are madge's job (see the npm script).
//
//   node scripts/layer-graph.mjs [--edges]     --edges also prints every folder edge
import { readdirSync, readFileSync, existsSync, statSync } from "node:fs";
import { join, dirname, relative, resolve, sep } from "node:path";
import ts from "typescript";

// Groups known to be knotted and not yet untied, each as { members: [...], why: "..." }. A listed group
// is printed but does not fail the check; any other group, or a listed one that grows, does. Empty
// now: keep it so, and untie a new knot (move what both folders need to a folder below them) rather
// than list it.
const KNOWN_GROUPS = [];

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const showEdges = process.argv.includes("--edges");

function listSources(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === "node_modules" || entry.name === "generated" || entry.name === "testing") continue;
      out.push(...listSources(path));
    } else if (
      /\.(ts|tsx|mts)$/.test(entry.name) &&
      !/\.(test|spec)\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith(".d.ts")
    ) {
      out.push(path);
    }
  }
  return out;
}

/** The node a repository-relative path belongs to, or null when it is outside the layers. */
function nodeOf(relPath) {
  const parts = relPath.split(sep);
  if (parts[0] === "inngest") return "inngest";
  if (parts[0] !== "lib" || parts.length < 2) return null;
  if (parts.length === 2) return "lib/" + parts[1].replace(/\.(ts|tsx|mts)$/, "");
  return "lib/" + parts[1];
}

const extensions = ["", ".ts", ".tsx", ".mts", "/index.ts", "/index.tsx"];
function resolveSpecifier(fromFile, specifier) {
  let base;
  if (specifier.startsWith("@/")) base = join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(fromFile), specifier);
  else return null; // a package
  base = base.replace(/\.(js|mjs)$/, "");
  for (const extension of extensions) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return base; // unresolved (e.g. generated code): its folder still names the node
}

/** Every module a file imports, each with whether the import is type-only. */
function importsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (!!node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((element) => element.isTypeOnly));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// edges: "from -> to" → { value: [file pairs], type: [file pairs] }
const edges = new Map();
const nodes = new Set();
for (const file of [...listSources(join(root, "lib")), ...listSources(join(root, "inngest"))]) {
  const fromRel = relative(root, file);
  const from = nodeOf(fromRel);
  nodes.add(from);
  for (const { specifier, typeOnly } of importsOf(file)) {
    const target = resolveSpecifier(file, specifier);
    if (!target) continue;
    const toRel = relative(root, target);
    const to = nodeOf(toRel);
    if (!to || to === from) continue;
    const key = `${from} -> ${to}`;
    if (!edges.has(key)) edges.set(key, { from, to, value: [], type: [] });
    edges.get(key)[typeOnly ? "type" : "value"].push(`${fromRel} → ${toRel}`);
  }
}

// Tarjan's strongly connected components over all edges (value and type).
const adjacency = new Map([...nodes].map((node) => [node, []]));
for (const { from, to } of edges.values()) adjacency.get(from).push(to);
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const groups = [];
function strongConnect(node) {
  index.set(node, counter);
  low.set(node, counter);
  counter++;
  stack.push(node);
  onStack.add(node);
  for (const next of adjacency.get(node) ?? []) {
    if (!index.has(next)) {
      strongConnect(next);
      low.set(node, Math.min(low.get(node), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(node, Math.min(low.get(node), index.get(next)));
    }
  }
  if (low.get(node) === index.get(node)) {
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  }
}
for (const node of [...nodes].sort()) if (!index.has(node)) strongConnect(node);

console.log(`${nodes.size} nodes, ${edges.size} folder edges`);
if (showEdges) {
  for (const [key, edge] of [...edges].sort()) {
    console.log(`  ${key}  (${edge.value.length} value, ${edge.type.length} type-only)`);
  }
}
const knownEntry = (group) =>
  KNOWN_GROUPS.find((known) => known.members.length === group.length && known.members.every((m) => group.includes(m)));
const unknown = groups.filter((group) => !knownEntry(group));
if (groups.length === 0) console.log("No cycle among the layers.");
for (const group of groups) {
  const members = new Set(group);
  const known = knownEntry(group);
  console.log(
    `\n${known ? "Known (not failing) s" : "S"}trongly connected group of ${group.length}: ${group.join(", ")}` +
      (known ? `\n  why: ${known.why}` : ""),
  );
  const inside = [...edges.values()].filter((edge) => members.has(edge.from) && members.has(edge.to));
  const valueEdges = inside.filter((edge) => edge.value.length > 0);
  const typeEdges = inside.filter((edge) => edge.value.length === 0);
  console.log("  value edges:");
  for (const edge of valueEdges) console.log(`    ${edge.from} -> ${edge.to}  e.g. ${edge.value[0]}`);
  if (typeEdges.length > 0) {
    console.log("  type-only edges:");
    for (const edge of typeEdges) console.log(`    ${edge.from} -> ${edge.to}  e.g. ${edge.type[0]}`);
  }
}
if (unknown.length > 0) {
  console.log(`\n${unknown.length} new strongly connected group(s): a folder imports one that imports it back.`);
  process.exit(1);
}
