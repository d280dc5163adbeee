import { expect, type Page } from "@playwright/test";
import ptBR from "../../admin-ui/messages/pt-BR";

type Tree = { [key: string]: string | Tree };

/** Every message's path ("withdrawals.row.approve"): what next-intl prints for a key it lacks. */
function keyPaths(tree: Tree, prefix = "", into = new Set<string>()): Set<string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") into.add(path);
    else keyPaths(value, path, into);
  }
  return into;
}
const KEYS = [...keyPaths(ptBR as unknown as Tree)];

/**
 * English or raw technical text the review found in the Portuguese console, and its kin:
 * network errors, the API's English validation messages, enum codes, seeded English names.
 */
const FOREIGN: Array<[RegExp, string]> = [
  [/\bSandbox Payer\b/, "the sandbox payer's English name"],
  [/\bAdministrator\b/, "the first operator's English name"],
  [/\bclient secrets?\b/i, "“client secret” (chave secreta)"],
  [/\bPIX console\b/, "the English TOTP issuer"],
  [/\b(?:getaddrinfo|ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|UND_ERR_\w+)\b/, "a network error code"],
  [/\bmust (?:point|be|not|have|match)\b/, "an English API message"],
  [/\b(?:is required|is not valid|not allowed|is invalid|cannot be)\b/, "an English API message"],
  [/\btimeout: no complete answer\b|\bconnection closed\b|\binvalid webhook URL\b/, "an English delivery error"],
  [/\b(?:Something went wrong|Loading|Cancel|Confirm|Submit|Retry)\b/, "an English console word"],
];
/** An enum's code as the API spells it (MED_FRAUDE, WITHDRAWAL_RESERVED): never shown raw. */
const CODE = /\b[A-Z]{2,}(?:_[A-Z]{2,})+\b/g;

/**
 * A Portuguese page shows only Portuguese: no message key next-intl could not find (it prints
 * the key's path), no English phrase of the list above, no enum code. Text inside `pre` and
 * `code` (payloads, commands) is left out, and so are pages in English. The REST reference
 * and the explorer (/developers) show the API's own codes on purpose: there only the keys count.
 */
export async function checkLanguage(page: Page, where: string) {
  const { lang, text, path } = await page.evaluate(() => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("pre, code, script, style, [data-language-scan=skip]")) continue;
      if (parent.closest("[hidden], [aria-hidden=true]") && !parent.closest("[role=dialog]")) continue;
      parts.push(node.textContent ?? "");
    }
    for (const element of document.body.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
      if (element.closest("pre, code, [data-language-scan=skip]")) continue;
      for (const name of ["aria-label", "title", "placeholder", "alt"])
        if (element.hasAttribute(name)) parts.push(element.getAttribute(name) ?? "");
    }
    parts.push(document.title);
    return { lang: document.documentElement.lang, text: parts.join("\n"), path: location.pathname };
  });
  if (lang !== "pt-BR") return;
  const problems: string[] = [];
  const tokens = new Set(text.match(/[A-Za-z][\w-]*(?:\.[\w-]+)+/g) ?? []);
  for (const key of KEYS) if (tokens.has(key)) problems.push(`untranslated key ${key}`);
  for (const [pattern, what] of FOREIGN) {
    const found = pattern.exec(text);
    if (found) problems.push(`${what}: “${found[0]}”`);
  }
  if (!path.startsWith("/developers"))
    for (const code of new Set(text.match(CODE) ?? [])) if (!code.startsWith("WDR_")) problems.push(`raw code ${code}`);
  expect(problems, `Portuguese text of ${where}`).toEqual([]);
}
