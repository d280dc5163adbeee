"use client";

import type * as React from "react";
import { cloneElement, Suspense, useState } from "react";

/**
 * A button whose dialog or popover (and what fills it: a form, its validation, a searchable
 * list) is fetched when it is first pressed, not with the page: every view of a list shows
 * the button, few open it. Until then `button` is drawn alone, announcing the popup it opens;
 * pointing at it or focusing it starts the fetch; pressing it mounts `children` (the real
 * component, rendering the same button as its Radix trigger, open from the start), which
 * moves focus into the popup and gives it back to its trigger when it closes.
 */
export function LazyTrigger({
  button,
  preload,
  popup = "dialog",
  onPress,
  children,
}: {
  button: React.ReactElement<React.ComponentProps<"button">>;
  /** Starts the fetch of the module `children` comes from (its `import()`). */
  preload: () => Promise<unknown>;
  popup?: "dialog" | "menu" | "listbox";
  /** Called on the first press (a controlled popup's `setOpen(true)`). */
  onPress?: () => void;
  children: React.ReactNode;
}) {
  const [wanted, setWanted] = useState(false);
  const warm = () => void preload().catch(() => undefined);
  const plain = cloneElement(button, {
    "aria-haspopup": popup,
    "aria-expanded": false,
    onPointerEnter: warm,
    onFocus: warm,
    onClick: (event: React.MouseEvent<HTMLButtonElement>) => {
      button.props.onClick?.(event);
      setWanted(true);
      onPress?.();
    },
  });
  if (!wanted) return plain;
  return <Suspense fallback={plain}>{children}</Suspense>;
}
