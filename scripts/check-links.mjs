// npm run check:links: every relative link and #anchor in README.md and docs/*.md must
// resolve (the file or folder exists; an anchor names a heading of the target, as GitHub
// makes its ids, or an explicit <a id>). External links (http, https, mailto) are listed and
// checked for syntax only: CI may have no route to them. Links inside code are not links.
// Exits 1 naming each broken link with its file and line.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const files = [
  join(root, "README.md"),
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => join(root, "docs", name)),
];

/** The lines of a Markdown file with fenced code blocks blanked (line numbers kept). */
function proseLines(text) {
  let fence = null;
  return text.split("\n").map((line) => {
    const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (opening && opening[1][0] === fence[0] && opening[1].length >= fence.length) fence = null;
      return "";
    }
    if (opening) {
      fence = opening[1];
      return "";
    }
    return line;
  });
}

/** Heading text as GitHub turns it into an id: lower case, punctuation dropped, spaces to dashes. */
function slug(heading) {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // links and images: their text
    .replace(/<[^>]+>/g, "") // inline HTML
    .replace(/[`*_~]/g, (mark) => (mark === "_" ? "_" : "")); // emphasis and code marks
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

const anchorsByFile = new Map();
function anchorsOf(file) {
  if (anchorsByFile.has(file)) return anchorsByFile.get(file);
  const anchors = new Set();
  const seen = new Map();
  for (const line of proseLines(readFileSync(file, "utf8"))) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = slug(heading[1]);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const [, id] of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id);
  }
  anchorsByFile.set(file, anchors);
  return anchors;
}

/** The link targets of one line of prose: inline links, images, reference definitions, autolinks. */
function targetsOf(line) {
  const prose = line.replace(/(`+)[\s\S]*?\1/g, (code) => " ".repeat(code.length)); // code spans
  const targets = [];
  for (const [, target] of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(target);
  const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/.exec(prose);
  if (definition) targets.push(definition[1]);
  for (const [, target] of prose.matchAll(/<((?:https?|mailto):[^>\s]+)>/g)) targets.push(target);
  return targets;
}

const broken = [];
const external = [];
for (const file of files) {
  const name = relative(root, file);
  proseLines(readFileSync(file, "utf8")).forEach((line, index) => {
    for (const target of targetsOf(line)) {
      const where = `${name}:${index + 1}`;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
        external.push(`${where} ${target}`);
        let valid = /^(https?|mailto):/i.test(target);
        try {
          new URL(target);
        } catch {
          valid = false;
        }
        if (!valid) broken.push(`${where}: ${target} is not a valid http(s) or mailto address`);
        continue;
      }
      const hash = target.indexOf("#");
      const path = decodeURI(hash < 0 ? target : target.slice(0, hash));
      const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
      const destination = path === "" ? file : resolve(dirname(file), path);
      if (!destination.startsWith(root)) {
        broken.push(`${where}: ${target} points outside the repository`);
        continue;
      }
      if (!existsSync(destination)) {
        broken.push(`${where}: ${target}: no such file or folder`);
        continue;
      }
      if (anchor === null) continue;
      if (statSync(destination).isDirectory() || !destination.endsWith(".md")) {
        broken.push(`${where}: ${target}: an anchor in something that is not a Markdown file`);
      } else if (!anchorsOf(destination).has(anchor)) {
        broken.push(`${where}: ${target}: ${relative(root, destination)} has no heading #${anchor}`);
      }
    }
  });
}

console.log(
  `links: ${files.length} files checked; ${external.length} external link(s), syntax only (not fetched)${external.length ? ":" : ""}`,
);
for (const line of external) console.log(`  ${line}`);
if (broken.length > 0) {
  console.error(`links: ${broken.length} broken:`);
  for (const line of broken) console.error(`  ${line}`);
  process.exit(1);
}
console.log("links: every relative link and anchor resolves");
