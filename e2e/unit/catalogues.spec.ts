import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
// The ICU parser next-intl itself formats with (a dependency of its intl-messageformat).
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { expect, test } from "@playwright/test";
import en from "../../admin-ui/messages/en";
import ptBR from "../../admin-ui/messages/pt-BR";

/**
 * The console's message catalogues (admin-ui/messages/<locale>/<feature>.json): every visible
 * string exists in both languages, under the same keys, with the same ICU arguments; and the
 * lint rule that keeps literal text out of components still finds it.
 */
const MESSAGES = resolve(__dirname, "../../admin-ui/messages");
const LOCALES = { "pt-BR": ptBR, en } as const;

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") found.set(path, value);
    else for (const [inner, text] of leaves(value, path)) found.set(inner, text);
  }
  return found;
}

/** The arguments a message uses, with their kind: `count:plural`, `name:argument`… */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument) into.add(`${element.value}:argument`);
    if (element.type === TYPE.number) into.add(`${element.value}:number`);
    if (element.type === TYPE.date || element.type === TYPE.time) into.add(`${element.value}:date`);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.add(`${element.value}:${element.type === TYPE.plural ? "plural" : "select"}`);
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
    if (element.type === TYPE.tag) {
      into.add(`<${element.value}>`);
      argumentsOf(element.children, into);
    }
  }
  return into;
}

test("each language has the same feature files, and each file is loaded by its index", () => {
  const files = (locale: string) =>
    readdirSync(join(MESSAGES, locale))
      .filter((name) => name.endsWith(".json"))
      .map((name) => name.replace(/\.json$/, ""))
      .sort();
  expect(files("en")).toEqual(files("pt-BR"));
  for (const [locale, catalogue] of Object.entries(LOCALES)) {
    expect(Object.keys(catalogue).sort(), `messages/${locale}/index.ts imports every file`).toEqual(files(locale));
  }
});

test("both catalogues have the same keys, no empty message, and the same ICU arguments", () => {
  const pt = leaves(ptBR as unknown as Tree);
  const english = leaves(en as unknown as Tree);
  const onlyIn = (a: Map<string, string>, b: Map<string, string>) => [...a.keys()].filter((key) => !b.has(key));
  expect(onlyIn(pt, english), "keys missing from messages/en").toEqual([]);
  expect(onlyIn(english, pt), "keys missing from messages/pt-BR").toEqual([]);
  const problems: string[] = [];
  for (const [key, ptText] of pt) {
    const enText = english.get(key) ?? "";
    if (!ptText.trim() || !enText.trim()) problems.push(`${key}: empty`);
    try {
      const ptArgs = [...argumentsOf(parse(ptText))].sort();
      const enArgs = [...argumentsOf(parse(enText))].sort();
      if (ptArgs.join() !== enArgs.join()) problems.push(`${key}: pt-BR uses ${ptArgs} but en uses ${enArgs}`);
    } catch (error) {
      problems.push(`${key}: not a valid ICU message (${(error as Error).message})`);
    }
  }
  expect(problems).toEqual([]);
});

test("no key holds a dot: next-intl reads dots as nesting, so such a message is never found", () => {
  const dotted: string[] = [];
  const walk = (tree: Tree, path: string) => {
    for (const [key, value] of Object.entries(tree)) {
      if (key.includes(".")) dotted.push(`${path}${key}`);
      if (typeof value !== "string") walk(value, `${path}${key}.`);
    }
  };
  for (const [locale, catalogue] of Object.entries(LOCALES)) walk(catalogue as unknown as Tree, `${locale} `);
  expect(dotted).toEqual([]);
});

test("one word for status in Portuguese: Situação, never Status or Estado (arguments aside)", () => {
  const found = [...leaves(ptBR as unknown as Tree)]
    .filter(([, text]) => /\b(status|estado)\b/i.test(text.replace(/\{[^{}]*\}/g, "")))
    .map(([path, text]) => `${path}: ${text}`);
  // "no estado atual" of INVALID_STATE is the object's condition, not a status column.
  expect(found.filter((line) => !line.startsWith("errors.codes.INVALID_STATE"))).toEqual([]);
});

test("counts are ICU plurals with an `other` form (and a zero in Portuguese), never a bare number before a noun", () => {
  const problems: string[] = [];
  for (const [locale, catalogue] of Object.entries(LOCALES)) {
    for (const [key, text] of leaves(catalogue as unknown as Tree)) {
      const walk = (elements: MessageFormatElement[]) => {
        for (const element of elements) {
          if (element.type === TYPE.plural && !("other" in element.options))
            problems.push(`${locale} ${key}: plural without "other"`);
          // Portuguese takes 0 as singular ("0 tentativa", Intl.PluralRules("pt-BR").select(0) is
          // "one"), where a Brazilian reads "nenhuma tentativa" or "0 tentativas": zero is said.
          if (
            locale === "pt-BR" &&
            element.type === TYPE.plural &&
            "one" in element.options &&
            !("=0" in element.options)
          )
            problems.push(`${locale} ${key}: plural with "one" but no "=0"`);
          if (element.type === TYPE.plural || element.type === TYPE.select)
            for (const option of Object.values(element.options)) walk(option.value);
        }
      };
      walk(parse(text));
      // "{count} withdrawals" reads "1 withdrawals": a count argument outside a plural is a bug.
      if (/\{count\}/.test(text)) problems.push(`${locale} ${key}: {count} outside a plural`);
    }
  }
  expect(problems).toEqual([]);
});

/** The console's components and pages (.tsx), outside node_modules and the build. */
function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, found);
    else if (entry.name.endsWith(".tsx")) found.push(path);
  }
  return found;
}

test("an argument t.rich fills with a component is a tag in its message, never a plain {argument}", () => {
  // A plain {date} given a function is printed as the function's source (the precompiled
  // catalogues stringify it): the account page once read "Ativada em t=>{let i=n(t);…".
  const byLastKey = new Map<string, Array<[string, string]>>();
  for (const [locale, catalogue] of Object.entries(LOCALES)) {
    for (const [key, text] of leaves(catalogue as unknown as Tree)) {
      const last = key.split(".").pop() as string;
      byLastKey.set(last, [...(byLastKey.get(last) ?? []), [`${locale} ${key}`, text]]);
    }
  }
  const problems: string[] = [];
  let calls = 0;
  for (const file of sourceFiles(resolve(__dirname, "../../admin-ui"))) {
    const source = readFileSync(file, "utf8");
    for (const call of source.matchAll(/t\.rich\(\s*"([^"]+)",\s*\{([\s\S]*?)\}\s*\)/g)) {
      calls += 1;
      const last = call[1].split(".").pop() as string;
      for (const [, argument] of call[2].matchAll(/(\w+):\s*\(/g)) {
        for (const [where, text] of byLastKey.get(last) ?? []) {
          const used = argumentsOf(parse(text));
          if (used.has(`${argument}:argument`) && !used.has(`<${argument}>`)) {
            problems.push(
              `${where}: {${argument}} is filled with a component by ${file}; write <${argument}></${argument}>`,
            );
          }
        }
      }
    }
  }
  expect(calls).toBeGreaterThan(10);
  expect(problems).toEqual([]);
});

test("the lint rule flags literal text in components and leaves catalogue lookups alone", () => {
  const dir = mkdtempSync(join(tmpdir(), "visible-text-"));
  try {
    const plugin = resolve(__dirname, "../../admin-ui/lint/visible-text.grit");
    writeFileSync(
      join(dir, "biome.json"),
      JSON.stringify({ root: true, linter: { rules: { recommended: false } }, plugins: [plugin] }),
    );
    writeFileSync(
      join(dir, "literal.tsx"),
      [
        "export function Literal({ n, t }: { n: number; t: (key: string) => string }) {",
        '  toast.success("Saved");',
        "  return (",
        '    <div className="flex gap-2" aria-label="Main">',
        "      Hello world",
        '      {n > 1 ? "many" : t("one")}',
        '      <input placeholder="Search" type="text" />',
        '      <Dialog confirmLabel="Approve" />',
        "    </div>",
        "  );",
        "}",
        'export const columns = [{ header: "Amount" }];',
        "",
      ].join("\n"),
    );
    writeFileSync(
      join(dir, "translated.tsx"),
      [
        "export function Translated({ t, id }: { t: (key: string) => string; id: string }) {",
        '  toast.success(t("saved"));',
        "  return (",
        '    <div className="flex gap-2" aria-label={t("main")} data-state="open">',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture's own source text
        '      {t("hello")} · {`${id}`} — 42',
        '      <Dialog confirmLabel={t("approve")} />',
        "    </div>",
        "  );",
        "}",
        'export const columns = [{ id: "amount", accessorKey: "amount", size: 120 }];',
        "",
      ].join("\n"),
    );
    const biome = resolve(__dirname, "../../node_modules/.bin/biome");
    const run = (file: string) => {
      try {
        execFileSync(biome, ["lint", "--max-diagnostics=none", file], { cwd: dir, encoding: "utf8", stdio: "pipe" });
        return "";
      } catch (error) {
        const failed = error as { stdout?: string; stderr?: string };
        return `${failed.stdout ?? ""}${failed.stderr ?? ""}`;
      }
    };
    const literal = run("literal.tsx");
    const flagged = [...literal.matchAll(/literal\.tsx:(\d+):\d+ plugin/g)].map((match) => Number(match[1]));
    // The toast, aria-label, "Hello world" (its text node starts on line 4), the ternary, the
    // placeholder, confirmLabel and the column header.
    expect(flagged).toEqual([2, 4, 4, 6, 7, 8, 12]);
    expect(run("translated.tsx")).not.toMatch(/plugin/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
