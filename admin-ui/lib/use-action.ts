"use client";

import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { type ToastOptions, toast } from "@/components/ui/toast";
import { useErrorMessage } from "@/lib/i18n/error-message";

export interface ActionOptions<T> {
  /** The success toast: its message, or one made from the answer; no toast when omitted. */
  success?: string | ((result: T) => string);
  /** The success toast's options (a description), or ones made from the answer. */
  successOptions?: ToastOptions | ((result: T) => ToastOptions);
  /**
   * The failure toast's title, with the API's error in the reader's language as its
   * description; without one, the error is the title.
   */
  failure?: string;
  /** The failure is a form's: its message is kept in `error` (for the form's FormError), no toast. */
  inForm?: boolean;
  /** Runs after success, before the page's data is read again (close a dialog, keep the answer). */
  onSuccess?: (result: T) => void;
  /** Read the page's server data again after success (router.refresh). Default true. */
  refresh?: boolean;
  /** What is busy, for pages with one action per row (a row's id); `isBusy(key)` tells. */
  key?: string;
}

const ANY = "";

/**
 * A console action around a GraphQL mutation (or several), the one way pages run them: busy
 * while it runs (buttons disable on `busy` or `isBusy(row.id)`), then a success toast and
 * the page's data read again, or a failure toast naming what failed with the API's error in
 * the reader's language (STEP_UP_REQUIRED is asked for by `execute` before it gets here), or,
 * for a form, that message in `error` (kept until the next `run`, or `clearError` when the form
 * starts over: its dialog opened again, its fields checked again).
 * `run` answers whether it succeeded; it never throws.
 */
export function useAction() {
  const describe = useErrorMessage();
  const router = useRouter();
  const [running, setRunning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async <T>(what: () => Promise<T>, options: ActionOptions<T> = {}): Promise<boolean> => {
      setRunning(options.key ?? ANY);
      setError(null);
      try {
        const result = await what();
        const message = typeof options.success === "function" ? options.success(result) : options.success;
        const shown =
          typeof options.successOptions === "function" ? options.successOptions(result) : options.successOptions;
        if (message) toast.success(message, shown);
        options.onSuccess?.(result);
        if (options.refresh !== false) router.refresh();
        return true;
      } catch (failure) {
        if (options.inForm) setError(describe(failure));
        else if (options.failure) toast.error(options.failure, { description: describe(failure) });
        else toast.error(describe(failure));
        return false;
      } finally {
        setRunning(null);
      }
    },
    [describe, router],
  );

  const clearError = useCallback(() => setError(null), []);

  return { run, busy: running !== null, isBusy: (key: string) => running === key, error, clearError };
}
