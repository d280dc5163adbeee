"use client";

import { LoaderIcon, TriangleAlertIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type * as React from "react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { formatBRL, formatDocument } from "@/lib/format";
import { useErrorMessage } from "@/lib/i18n/error-message";

/**
 * A dangerous bulk action: says what will happen and to how many items, and enables its button
 * only once the person has typed the phrase (e.g. "APPROVE 12"). `onConfirm` may throw: its
 * message is shown in the dialog and the dialog stays open.
 */
export function TypedConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  phrase,
  confirmLabel,
  destructive = false,
  children,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  phrase: string;
  confirmLabel: string;
  destructive?: boolean;
  children?: React.ReactNode;
  onConfirm: () => Promise<void>;
}) {
  const t = useTranslations("confirm");
  const tc = useTranslations("common");
  const [typed, setTyped] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const matches = typed.trim() === phrase;

  const change = (next: boolean) => {
    if (pending) return;
    if (!next) {
      setTyped("");
      setError(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!matches || pending) return;
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      setTyped("");
      onOpenChange(false);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <div className="grid gap-2">
            <Label htmlFor={inputId}>
              {t.rich("typePhrase", {
                phrase,
                code: (chunks) => <span className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{chunks}</span>,
              })}
            </Label>
            <Input
              id={inputId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              autoFocus
            />
          </div>
          <FormError message={error} />
          <DialogFooter>
            <Button variant="outline" onClick={() => change(false)} disabled={pending}>
              {tc("actions.cancel")}
            </Button>
            <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={!matches || pending}>
              {pending && <LoaderIcon className="animate-spin" aria-hidden />}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * An action that needs a reason the contract keeps (reject, reserve): the button enables once
 * a reason of at least `minLength` characters is written.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  reasonLabel,
  placeholder,
  confirmLabel,
  cancelLabel,
  destructive = false,
  minLength = 3,
  children,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  reasonLabel?: string;
  placeholder?: string;
  confirmLabel: string;
  /** The way out, when "Cancelar" would read as the action itself (cancelling a schedule). */
  cancelLabel?: string;
  destructive?: boolean;
  minLength?: number;
  children?: React.ReactNode;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const t = useTranslations("confirm");
  const tc = useTranslations("common");
  const [reason, setReason] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const id = useId();
  const tooShort = reason.trim().length < minLength;

  const change = (next: boolean) => {
    if (pending) return;
    if (!next) {
      setReason("");
      setError(null);
      setTouched(false);
    }
    onOpenChange(next);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (tooShort || pending) return;
    setPending(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      setReason("");
      setTouched(false);
      onOpenChange(false);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setPending(false);
    }
  };

  const fieldError = touched && tooShort ? t("reasonTooShort", { min: minLength }) : undefined;
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <div className="grid gap-2">
            <Label htmlFor={id}>{reasonLabel ?? t("reason")}</Label>
            <Textarea
              id={id}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              onBlur={() => setTouched(true)}
              placeholder={placeholder}
              maxLength={500}
              required
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-error` : undefined}
              autoFocus
            />
            {fieldError && (
              <p id={`${id}-error`} role="alert" className="text-xs font-medium text-destructive">
                {fieldError}
              </p>
            )}
          </div>
          <FormError message={error} />
          <DialogFooter>
            <Button variant="outline" onClick={() => change(false)} disabled={pending}>
              {cancelLabel ?? tc("actions.cancel")}
            </Button>
            <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={pending || tooShort}>
              {pending && <LoaderIcon className="animate-spin" aria-hidden />}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** What a money-moving action is about to do, named before it is done. */
export interface MoneyFacts {
  /** The account (company) whose money moves; null when the payment belongs to none. */
  account: string | null;
  /** A GraphQL Money string or centavos. */
  amount: string | bigint;
  /** Shown with its sign (adjustments: + credit, − debit). */
  signed?: boolean;
  /** Where the money goes (withdrawals): the key or account, and what it is, as already written. */
  destination?: { main: string; detail: string } | null;
  /**
   * Who the bank says gets the money (withdrawals): the holder's name, masked document and
   * institution, with the warnings (already written) when it does not match the declared one.
   */
  recipient?: { name: string; document: string; institution: string | null; warnings: string[] } | null;
  /** Who gets the money back (refunds, returned payments). */
  payer?: { name: string | null; document: string | null } | null;
  /** What the action does, in words (adjustments: a credit or a debit). */
  operation?: string;
  /**
   * The holder the person declared (a new withdrawal, before any bank has said): the name
   * and the CPF or CNPJ as typed, each shown when given.
   */
  declaredRecipient?: { name: string | null; document: string | null } | null;
  /** The day a scheduled payout is sent, as written (dd/mm/aaaa); null: once approved. */
  scheduledFor?: string | null;
}

/** The account, the amount and the destination of a money-moving action, as a list. */
export function MoneyFactsList({ facts }: { facts: MoneyFacts }) {
  const t = useTranslations("confirm");
  const row = (label: string, value: React.ReactNode, testId: string) => (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words sm:text-right" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <dl className="grid gap-2 rounded-md border bg-muted/40 p-3 text-sm">
      {facts.account !== null && row(t("facts.account"), <strong>{facts.account}</strong>, "confirm-account")}
      {facts.operation && row(t("facts.operation"), facts.operation, "confirm-operation")}
      {row(
        t("facts.amount"),
        <strong className="tabular text-base">{formatBRL(facts.amount, { signed: facts.signed })}</strong>,
        "confirm-amount",
      )}
      {facts.destination &&
        row(
          t("facts.destination"),
          <>
            <span className="block font-mono">{facts.destination.main}</span>
            <span className="text-xs text-muted-foreground">{facts.destination.detail}</span>
          </>,
          "confirm-destination",
        )}
      {(facts.declaredRecipient?.name || facts.declaredRecipient?.document) &&
        row(
          t("facts.declaredRecipient"),
          <>
            {facts.declaredRecipient.name && <span className="block">{facts.declaredRecipient.name}</span>}
            {facts.declaredRecipient.document && (
              <span className="block font-mono text-xs text-muted-foreground">
                {formatDocument(facts.declaredRecipient.document)}
              </span>
            )}
          </>,
          "confirm-declared-recipient",
        )}
      {facts.scheduledFor && row(t("facts.scheduledFor"), facts.scheduledFor, "confirm-scheduled-for")}
      {facts.recipient &&
        row(
          t("facts.recipient"),
          <>
            <span className="block font-medium">{facts.recipient.name}</span>
            <span className="block font-mono text-xs text-muted-foreground">
              {[facts.recipient.document, facts.recipient.institution].filter(Boolean).join(" · ")}
            </span>
            {facts.recipient.warnings.map((warning) => (
              <span
                key={warning}
                role="alert"
                className="mt-1 flex items-start gap-1 text-xs text-amber-700 dark:text-amber-400 sm:justify-end"
              >
                <TriangleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
                {warning}
              </span>
            ))}
          </>,
          "confirm-recipient",
        )}
      {facts.payer !== undefined &&
        row(
          t("facts.payer"),
          <>
            <span className="block">{facts.payer?.name ?? t("facts.unknownPayer")}</span>
            {facts.payer?.document && (
              <span className="font-mono text-xs text-muted-foreground">{formatDocument(facts.payer.document)}</span>
            )}
          </>,
          "confirm-payer",
        )}
    </dl>
  );
}

/**
 * The one confirmation before money moves (approve, confirm an adjustment, refund, return a
 * payment): it names the account, the amount and where the money goes, says what happens next,
 * and sends only when confirmed. The confirm button is disabled while the request runs; a
 * failure is shown in the reader's language and the dialog stays open. `children` are extra
 * fields (a reason) shown above the facts.
 */
export function MoneyConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  facts,
  confirmLabel,
  cancelLabel,
  destructive = false,
  canConfirm = true,
  footnote,
  children,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  facts: MoneyFacts | null;
  confirmLabel: string;
  /** The way out, when it is a way back to the form ("Voltar") rather than "Cancelar". */
  cancelLabel?: string;
  destructive?: boolean;
  canConfirm?: boolean;
  /** What can still be undone, when something can (default: nothing, once sent to the bank). */
  footnote?: string;
  children?: React.ReactNode;
  onConfirm: () => Promise<void>;
}) {
  const t = useTranslations("confirm");
  const tc = useTranslations("common");
  const describe = useErrorMessage();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const change = (next: boolean) => {
    if (pending) return;
    if (!next) setError(null);
    onOpenChange(next);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (pending || !canConfirm) return;
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (caught) {
      setError(describe(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          {facts && <MoneyFactsList facts={facts} />}
          <p className="text-xs text-muted-foreground">{footnote ?? t("irreversible")}</p>
          <FormError message={error} />
          <DialogFooter>
            <Button variant="outline" onClick={() => change(false)} disabled={pending}>
              {cancelLabel ?? tc("actions.cancel")}
            </Button>
            <Button
              type="submit"
              variant={destructive ? "destructive" : "default"}
              disabled={pending || !canConfirm}
              autoFocus
            >
              {pending && <LoaderIcon className="animate-spin" aria-hidden />}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
