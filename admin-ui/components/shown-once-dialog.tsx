"use client";

import { CopyButton } from "@/components/copy-button";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

/**
 * A secret or link the server hands out once and never again (a client secret, a webhook
 * signing secret, an invite link): shown with a copy button until the person closes it.
 */
export function ShownOnceDialog({
  value,
  title,
  description = "Copy it now: it is shown only this once.",
  copyLabel,
  doneLabel = "I have stored it",
  testId,
  onClose,
}: {
  /** The value to show; null keeps the dialog closed. */
  value: string | null;
  title: string;
  description?: string;
  copyLabel: string;
  doneLabel?: string;
  testId: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={value !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-2 rounded-md bg-muted p-3">
          <code data-testid={testId} className="min-w-0 flex-1 font-mono text-xs break-all">
            {value}
          </code>
          <CopyButton value={value ?? ""} label={copyLabel} />
        </div>
        <DialogFooter>
          <Button onClick={onClose}>{doneLabel}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
