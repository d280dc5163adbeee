"use client";

import { useEditorContext } from "@graphiql/react";
import { useTranslations } from "next-intl";
import { type RefObject, useEffect } from "react";

/**
 * GraphiQL 4.1.2's editors (CodeMirror 5) have no name and keep their input outside their
 * scroll area. Rendered inside <GraphiQL> (its editors' context), with no DOM of its own: each
 * editor gets a name in the reader's language through CodeMirror's own option (axe: label)
 * and its scroll area a place in the tab order, so a long query or answer scrolls from the
 * keyboard (axe: scrollable-region-focusable).
 */
export function NamedEditors() {
  const t = useTranslations("developers.explorer.editors");
  const { queryEditor, variableEditor, headerEditor, responseEditor } = useEditorContext({ nonNull: true });
  useEffect(() => {
    const editors = [
      [queryEditor, t("query")],
      [variableEditor, t("variables")],
      [headerEditor, t("headers")],
      [responseEditor, t("response")],
    ] as const;
    for (const [editor, label] of editors) {
      if (!editor) continue;
      editor.setOption("screenReaderLabel", label);
      editor.getScrollerElement().tabIndex = 0;
    }
  }, [queryEditor, variableEditor, headerEditor, responseEditor, t]);
  return null;
}

/**
 * GraphiQL 4.1.2 marks its operation tabs up as a tablist (a <ul>) of <li role="tab">, each
 * holding two buttons (open, close): a tab may hold no control (axe: nested-interactive) and a
 * tablist no close button. Shown as what they are: a list, named by GraphiQL "Select active
 * operation", of buttons, the open one aria-current. Found by the roles GraphiQL sets, not by
 * its class names; e2e/developers/integrator.spec.ts checks the list and its current button.
 */
function operationTabsAsList(container: HTMLElement) {
  for (const list of container.querySelectorAll('ul[role="tablist"]')) list.removeAttribute("role");
  // React sets aria-selected again on the tabs whose state changed: moved to their button each time.
  for (const tab of container.querySelectorAll('li[role="tab"], li[aria-selected]')) {
    const open = tab.getAttribute("aria-selected") === "true";
    tab.removeAttribute("role");
    tab.removeAttribute("aria-selected");
    const button = tab.querySelector("button");
    if (open) button?.setAttribute("aria-current", "true");
    else button?.removeAttribute("aria-current");
  }
}

/** Keeps GraphiQL's operation tabs a list of buttons as it adds, closes and switches them. */
export function useOperationTabsAsList(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const container = root.current;
    if (!container) return;
    operationTabsAsList(container);
    // In the observer's callback, before the browser paints: never shown as tabs in between.
    const observer = new MutationObserver(() => operationTabsAsList(container));
    observer.observe(container, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["role", "aria-selected"],
    });
    return () => observer.disconnect();
  }, [root]);
}
