"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import "./scalar-overrides.css";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef } from "react";

/**
 * Scalar's copy buttons: no name of their own (axe: button-name, critical). Its class name as
 * of @scalar/api-reference 1.72.1, like those of scalar-overrides.css: e2e/developers/
 * integrator.spec.ts fails when no button of the page has it.
 */
const UNNAMED_COPY_BUTTONS = "button.scalar-code-copy:not([aria-label])";
/** Scalar's other labelled buttons not yet looked at. */
const LABELLED_BUTTONS = "button[aria-label]:not(.scalar-code-copy):not([data-name-checked])";

/**
 * Names axe refuses in Scalar. A copy button shows, on hover or focus, its language and
 * "Copy" from an aria-hidden label: it gets those words as its name (so the name holds what a
 * sighted reader sees: label-content-name-mismatch), or `copyLabel` when it has none. A
 * button whose label leaves out its visible text ("Show More" named "Show all Refunds
 * endpoints") gets its text first, then the label.
 */
function nameScalarButtons(container: HTMLElement, copyLabel: string) {
  for (const button of container.querySelectorAll<HTMLButtonElement>(UNNAMED_COPY_BUTTONS)) {
    const words = new Set(
      [...button.querySelectorAll("span")]
        .filter((span) => span.children.length === 0)
        .map((span) => span.textContent?.trim() ?? "")
        .filter(Boolean),
    );
    button.setAttribute("aria-label", words.size > 0 ? [...words].join(" ") : copyLabel);
  }
  for (const button of container.querySelectorAll<HTMLButtonElement>(LABELLED_BUTTONS)) {
    button.dataset.nameChecked = "";
    const text = button.innerText.replace(/\s+/g, " ").trim();
    const label = button.getAttribute("aria-label") ?? "";
    if (text && !label.toLowerCase().includes(text.toLowerCase()))
      button.setAttribute("aria-label", `${text} (${label})`);
  }
}

/**
 * Scalar's reference of GET /openapi.json (bundled, no CDN: default fonts, telemetry and the
 * hosted proxy are off, so "try it" calls this same origin). The client secret the person
 * pasted is the bearer token of its requests; it lives only in this page's memory.
 */
export default function RestReference({ clientSecret }: { clientSecret: string }) {
  const t = useTranslations("developers.reference");
  const root = useRef<HTMLDivElement>(null);
  const copyLabel = t("copyCode");
  // The document's own prose (summaries, descriptions) in the reader's language; Scalar's words stay its own.
  const documentUrl = useLocale() === "pt-BR" ? "/openapi.json?lang=pt-BR" : "/openapi.json";

  // Scalar renders its sections as they scroll into view: name its buttons as they appear.
  useEffect(() => {
    const container = root.current;
    if (!container) return;
    let frame = 0;
    const name = () => {
      frame = 0;
      nameScalarButtons(container, copyLabel);
    };
    name();
    // Once a frame at most, however many nodes Scalar adds.
    const observer = new MutationObserver(() => {
      frame ||= requestAnimationFrame(name);
    });
    observer.observe(container, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [copyLabel]);

  return (
    // Scalar's own words (its buttons and headings) are English: the e2e language scan leaves them out.
    <div ref={root} data-language-scan="skip">
      <ApiReferenceReact
        configuration={{
          url: documentUrl,
          withDefaultFonts: false,
          telemetry: false,
          persistAuth: false,
          hideDarkModeToggle: true,
          forceDarkModeState: "light",
          showDeveloperTools: "never",
          hideClientButton: false,
          // Scalar's hosted AI agent would send the document to its cloud: off.
          agent: { disabled: true },
          authentication: {
            preferredSecurityScheme: "bearer",
            securitySchemes: { bearer: { token: clientSecret } },
          },
        }}
      />
    </div>
  );
}
