"use client";

import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { registerStepUpHandler } from "@/lib/graphql/step-up";

// The dialog and its code form are fetched the first time an action asks for a code.
const StepUpDialog = lazy(() =>
  import("./two-factor-step-up-form").then((module) => ({ default: module.StepUpDialog })),
);

/**
 * The one step-up dialog of the signed-in console: any action the API refuses with
 * STEP_UP_REQUIRED opens it (lib/graphql/step-up.ts); a right code and the action is sent
 * again, cancel and it fails as refused. Mounted once by the shell, so pages need nothing.
 */
export function TwoFactorStepUpDialog() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const settle = useRef<((verified: boolean) => void) | null>(null);

  useEffect(
    () =>
      registerStepUpHandler(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setWanted(true);
            setOpen(true);
          }),
      ),
    [],
  );

  const close = (verified: boolean) => {
    setOpen(false);
    settle.current?.(verified);
    settle.current = null;
  };

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog open={open} close={close} />
    </Suspense>
  );
}
