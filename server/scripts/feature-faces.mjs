// Codemod: gives every feature folder of server/src a public face and sends the other features' imports
// through it. A feature's face is what the other features import of it today: index.ts, and, where the face
// would close a circle, model.ts (the files whose imports reach only other model files and core/: entities,
// types, errors, pure rules), so that a feature's services may import another's model while that one's
// services import theirs. Run from the repository's root: node server/scripts/feature-faces.mjs [--dry]
import fs from "node:fs";
import path from "node:path";
import { parseSync } from "oxc-parser";

const root = path.resolve("server/src");
const ABOVE = new Set(["core", "http", "graphql", "console", "migrations"]);
const dry = process.argv.includes("--dry");
const features = fs
  .readdirSync(root, { withFileTypes: true })
  .filter((e) => e.isDirectory() && !ABOVE.has(e.name))
  .map((e) => e.name);
const featureOf = (file) => {
  const parts = path.relative(root, file).split(path.sep);
  return parts.length > 1 && features.includes(parts[0]) ? parts[0] : null;
};
const isFace = (file) => /^[^/]+\/(index|model|fields)\.ts$/.test(path.relative(root, file));
const files = [];
(function walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (p.endsWith(".ts")) files.push(p);
  }
})(root);
const resolveSpec = (from, spec) => {
  const base = path.resolve(path.dirname(from), spec);
  for (const c of [`${base}.ts`, path.join(base, "index.ts")]) if (fs.existsSync(c)) return c;
  return null;
};

// Every file's imports of server/src (not core/), and every product file of a feature importing another's file.
const imports = new Map(); // file -> [{ target, statement, entries }]
for (const file of files) {
  const code = fs.readFileSync(file, "utf8");
  const { module } = parseSync(file, code);
  const list = [];
  for (const st of module.staticImports) {
    const spec = st.moduleRequest.value;
    if (!spec.startsWith(".")) continue;
    const target = resolveSpec(file, spec);
    if (!target) throw new Error(`${file}: cannot resolve ${spec}`);
    const wholeType = /^import\s+type\s/.test(code.slice(st.start, st.end));
    list.push({
      target,
      start: st.start,
      end: st.end,
      entries: st.entries.map((e) => ({
        name: e.importName.name,
        local: e.localName.value,
        isType: e.isType || wholeType,
      })),
    });
  }
  imports.set(file, { code, list });
}
const crossing = (file, imp) => {
  const from = featureOf(file);
  const to = featureOf(imp.target);
  return from && to && from !== to && !file.endsWith(".test.ts") && !isFace(imp.target);
};

// The model layer: the files that hold what a feature is (entities, types, errors, pure rules), not what it does.
const DOES = /(\.service|\.operations|\.fields|\.route|\.http|-processor|-outcomes|-sender|transfer-order)\.ts$/;
const model = new Set(files.filter((f) => featureOf(f) && !f.endsWith(".test.ts") && !DOES.test(f)));

// What the other features use of each feature: feature -> file -> name -> { value: bool }.
const used = new Map();
for (const [file, { list }] of imports)
  for (const imp of list) {
    if (!crossing(file, imp)) continue;
    const g = featureOf(imp.target);
    const byFile = used.get(g) ?? used.set(g, new Map()).get(g);
    const names = byFile.get(imp.target) ?? byFile.set(imp.target, new Map()).get(imp.target);
    for (const e of imp.entries) names.set(e.name, { value: (names.get(e.name)?.value ?? false) || !e.isType });
  }

// Circles that faces would close, on the graph after the rewrite (type imports count, as in no-circular).
const circles = (split) => {
  const faceOf = faceIn(split);
  const graph = new Map();
  for (const [file, { list }] of imports)
    graph.set(
      file,
      list.map((i) => (crossing(file, i) ? faceOf(i.target) : i.target)),
    );
  for (const byFile of used.values())
    for (const file of byFile.keys()) {
      const face = faceOf(file);
      graph.set(face, [...(graph.get(face) ?? []), file]);
    }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const found = [];
  let n = 0;
  const strong = (v) => {
    index.set(v, n);
    low.set(v, n++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const c = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        c.push(path.relative(root, w));
      } while (w !== v);
      if (c.length > 1) found.push(c.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) strong(v);
  return found;
};
// What reaches the GraphQL request context stands above the services (the context's type holds them all).
const context = path.join(root, "graphql", "context.ts");
const reachesContext = (file, seen = new Set()) => {
  if (seen.has(file)) return false;
  seen.add(file);
  return file === context || (imports.get(file)?.list ?? []).some((i) => reachesContext(i.target, seen));
};
const kindOf = (file) => (reachesContext(file) ? "fields" : model.has(file) ? "model" : "index");
const faceIn = (split) => (target) => {
  const g = featureOf(target);
  if (!split.has(g)) return path.join(root, g, "index.ts");
  const kind = kindOf(target);
  const doing = [...used.get(g).keys()].some((f) => kindOf(f) === "index");
  return path.join(root, g, kind === "model" && !doing ? "index.ts" : `${kind}.ts`);
};

// A feature gets model.ts beside index.ts only where one face would close a circle: start from every feature
// whose face holds both kinds of file, and give the split back wherever no circle comes of it.
const split = new Set(
  [...used].filter(([, byFile]) => new Set([...byFile.keys()].map(kindOf)).size > 1).map(([g]) => g),
);
const left = circles(split);
if (left.length) {
  for (const c of left) console.log("CIRCLE:", c.join(" "));
  process.exit(1);
}
for (const g of [...split].sort()) {
  split.delete(g);
  if (circles(split).length) split.add(g);
}
const faceOf = faceIn(split);

const faces = new Map(); // face file -> [{ file, names }]
for (const byFile of used.values())
  for (const [file, names] of byFile) {
    const face = faceOf(file);
    (faces.get(face) ?? faces.set(face, []).get(face)).push({ file, names });
  }
const rel = (from, to) => {
  let r = path
    .relative(path.dirname(from), to)
    .replace(/\.ts$/, "")
    .replace(/\/index$/, "");
  if (r === "index") r = ".";
  return r.startsWith(".") ? r : `./${r}`;
};
const faceText = new Map();
for (const [face, parts] of faces) {
  const seen = new Map();
  const lines = [];
  for (const { file, names } of parts.sort((a, b) => a.file.localeCompare(b.file))) {
    for (const n of names.keys()) {
      if (seen.has(n) && seen.get(n) !== file) throw new Error(`${face}: ${n} from ${file} and ${seen.get(n)}`);
      seen.set(n, file);
    }
    const specs = [...names].sort(([a], [b]) => a.localeCompare(b)).map(([n, { value }]) => (value ? n : `type ${n}`));
    lines.push(`export { ${specs.join(", ")} } from "${rel(face, file)}";`);
  }
  faceText.set(face, lines);
}

// The rewrite: each file's crossing imports become one import per face, where the first of them stood.
const rewritten = new Map();
let before = 0;
for (const [file, { code, list }] of imports) {
  const cross = list.filter((i) => crossing(file, i));
  if (!cross.length) continue;
  before += cross.length;
  const byFace = new Map();
  for (const imp of cross) {
    const face = faceOf(imp.target);
    const entries = byFace.get(face) ?? byFace.set(face, []).get(face);
    for (const e of imp.entries) if (!entries.some((x) => x.local === e.local)) entries.push(e);
  }
  const statements = [...byFace].map(([face, entries]) => {
    const allType = entries.every((e) => e.isType);
    const specs = entries.map(
      (e) => `${!allType && e.isType ? "type " : ""}${e.name === e.local ? e.name : `${e.name} as ${e.local}`}`,
    );
    return `import ${allType ? "type " : ""}{ ${specs.join(", ")} } from "${rel(file, face)}";`;
  });
  let out = "";
  let at = 0;
  cross.forEach((imp, i) => {
    out += code.slice(at, imp.start) + (i === 0 ? statements.join("\n") : "");
    at = imp.end;
    if (i > 0 && code[at] === "\n") at++;
  });
  rewritten.set(file, out + code.slice(at));
}
console.log(`crossing imports rewritten: ${before}; faces: ${faces.size}; split: ${[...split].sort().join(" ")}`);
if (dry) process.exit(0);
const HEADERS = {
  index: (g) =>
    `// The public face of ${g}/: what the other features may import of it (the house rule in .dependency-cruiser.cjs).`,
  model: (g) =>
    `// The model face of ${g}/: its entities, types, errors and plain rules, apart from index.ts (its services), because features its services use import this part.`,
  fields: (g) =>
    `// The fields face of ${g}/: what other features' GraphQL fields use of it. It reaches the request context, which holds every service, so it stands apart from index.ts.`,
};
for (const [face, lines] of faceText) {
  const kind = path.basename(face, ".ts");
  fs.writeFileSync(face, `${HEADERS[kind](featureOf(face))}\n${lines.join("\n")}\n`);
}
for (const [file, text] of rewritten) fs.writeFileSync(file, text);
