"use client";

import { useTranslations } from "next-intl";
import type * as React from "react";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { useAction } from "@/lib/use-action";

/**
 * A button for an action that cannot be undone: it asks first, then runs `onConfirm` and
 * re-reads the page. A failure is shown as a toast titled `failureTitle` and the dialog stays.
 */
export function ConfirmButton({
  label,
  title,
  description,
  failureTitle,
  onConfirm,
}: {
  label: string;
  title: string;
  description: React.ReactNode;
  failureTitle: string;
  onConfirm: () => Promise<void>;
}) {
  const t = useTranslations("confirm");
  const { run, busy } = useAction();
  const [open, setOpen] = useState(false);
  const confirm = () => run(onConfirm, { failure: failureTitle, onSuccess: () => setOpen(false) });
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("keepIt")}</AlertDialogCancel>
          <AlertDialogAction
            onClick={(event) => {
              event.preventDefault();
              void confirm();
            }}
            disabled={busy}
          >
            {label}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
