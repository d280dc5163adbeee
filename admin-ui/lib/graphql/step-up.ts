/**
 * Step-up, answered once for every page: when the API refuses an action with
 * STEP_UP_REQUIRED (a code from the last 10 minutes is needed), `execute` asks the handler
 * the signed-in shell registered (a dialog asking for the code) and, once the code was
 * accepted, sends the action again. Without a handler (server rendering, signed-out pages)
 * the error goes to the caller as it is.
 */
type StepUpHandler = () => Promise<boolean>;

let handler: StepUpHandler | null = null;
let pending: Promise<boolean> | null = null;

/** Registers the dialog; answers the function that unregisters it. */
export function registerStepUpHandler(next: StepUpHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/** True once the person gave a right code; false when they cancelled or nobody can ask. */
export function askForStepUp(): Promise<boolean> {
  if (!handler) return Promise.resolve(false);
  // Several actions refused at once share one dialog.
  pending ??= handler().finally(() => {
    pending = null;
  });
  return pending;
}
