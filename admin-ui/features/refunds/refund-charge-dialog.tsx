"use client";

import { LoaderIcon, Undo2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import type * as React from "react";
import { useId, useState } from "react";
import { MoneyFactsList } from "@/components/confirm-dialogs";
import { Money } from "@/components/money";
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
import { centavosToMoney, formatBRL, moneyToCentavos, parseMoneyInput } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
import { RefundChargeDocument, RequestRefundDocument } from "./documents";
import { refundLimitKey } from "./refund-limit";

/** Where the charge's money stands: what was paid, what is already refunded, what MED disputes hold. */
export interface RefundableCharge {
  id: string;
  amount: string;
  refundedAmount: string;
  disputedAmount: string;
  payerName: string | null;
  payerDocument: string | null;
}

/** A text with an amount a person typed with commas: the remaining amount, "30,00". */
function amountText(centavos: bigint): string {
  return centavosToMoney(centavos).replace(".", ",");
}

/**
 * Refund from a charge's page (operators and merchants): the amount (all that remains by
 * default, shown beside what was paid and already refunded) and a reason, then a review that
 * names the account, the amount and the payer before anything is sent. A retry after a lost
 * answer sends the same idempotency key, so it cannot refund twice. An operator's refund goes
 * through requestRefund: within APPROVAL_SECOND_OPERATOR_ABOVE it is made at once; above it a
 * request waits for a second operator (docs/refunds.md), and the toast says so.
 */
export function RefundChargeButton({
  charge,
  account,
  operator = false,
}: {
  charge: RefundableCharge;
  account: string;
  /** The operators' console: the refund is a request, confirmed by a second operator when large. */
  operator?: boolean;
}) {
  const t = useTranslations("refunds");
  const tc = useTranslations("common");
  const { run, busy: pending, error, clearError } = useAction();
  const id = useId();
  // What MED disputes hold stays with the payer's claim (the server refuses it as REFUND_EXCEEDS_CHARGE).
  const disputed = moneyToCentavos(charge.disputedAmount);
  const remaining = moneyToCentavos(charge.amount) - moneyToCentavos(charge.refundedAmount) - disputed;
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<"form" | "review">("form");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  // One key per refund body: sending the same amount and reason again (an answer lost on the
  // way) replays the first refund; changing either is a new refund with a new key.
  const [attempt, setAttempt] = useState<{ key: string; body: string } | null>(null);

  if (remaining <= 0n) return null;
  const centavos = parseMoneyInput(amount);

  const change = (next: boolean) => {
    if (pending) return;
    if (next) {
      setStep("form");
      setAmount(amountText(remaining));
      setReason("");
      setFieldError(null);
      clearError();
      setAttempt(null);
    }
    setOpen(next);
  };

  const review = (event: React.FormEvent) => {
    event.preventDefault();
    if (centavos === null) return setFieldError(t("dialog.invalidAmount"));
    if (centavos <= 0n) return setFieldError(t("dialog.zeroAmount"));
    if (centavos > remaining) {
      return setFieldError(
        t(`dialog.${refundLimitKey(moneyToCentavos(charge.refundedAmount), disputed)}`, {
          remaining: formatBRL(remaining),
        }),
      );
    }
    setFieldError(null);
    clearError();
    const body = `${centavos}|${reason.trim()}`;
    if (attempt?.body !== body) setAttempt({ key: crypto.randomUUID(), body });
    setStep("review");
  };

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    if (pending || centavos === null || attempt === null) return;
    const variables = {
      chargeId: charge.id,
      idempotencyKey: attempt.key,
      input: { amount: centavosToMoney(centavos), reason: reason.trim() || null },
    };
    const amountShown = formatBRL(centavos);
    await run(
      async () => {
        if (!operator) {
          await execute(RefundChargeDocument, variables);
          return { waiting: false };
        }
        const { requestRefund } = await execute(RequestRefundDocument, variables);
        return { waiting: requestRefund.status === "REQUESTED" };
      },
      {
        inForm: true,
        success: ({ waiting }) =>
          waiting ? t("requests.waiting", { amount: amountShown }) : t("dialog.done", { amount: amountShown }),
        onSuccess: () => setOpen(false),
      },
    );
  };

  const shown = centavos !== null ? formatBRL(centavos) : "";
  return (
    <>
      <Button variant="outline" onClick={() => change(true)}>
        <Undo2Icon aria-hidden /> {t("action")}
      </Button>
      <Dialog open={open} onOpenChange={change}>
        <DialogContent>
          {step === "form" ? (
            <form onSubmit={review} className="grid gap-4" noValidate>
              <DialogHeader>
                <DialogTitle>{t("dialog.title")}</DialogTitle>
                <DialogDescription>{t("dialog.description")}</DialogDescription>
              </DialogHeader>
              <dl className="grid grid-cols-3 gap-2 rounded-md border bg-muted/40 p-3 text-sm">
                <div>
                  <dt className="text-xs text-muted-foreground">{t("dialog.paid")}</dt>
                  <dd>
                    <Money value={charge.amount} />
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">{t("dialog.alreadyRefunded")}</dt>
                  <dd>
                    <Money value={charge.refundedAmount} />
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">{t("dialog.remaining")}</dt>
                  <dd data-testid="refund-remaining">
                    <Money value={centavosToMoney(remaining)} className="font-semibold" />
                  </dd>
                </div>
              </dl>
              {disputed > 0n && (
                <p className="text-xs text-muted-foreground" data-testid="refund-held">
                  {t("dialog.heldByDispute", { amount: formatBRL(disputed) })}
                </p>
              )}
              <div className="grid gap-2">
                <Label htmlFor={`${id}-amount`}>{t("dialog.amount")}</Label>
                <div className="flex gap-2">
                  <Input
                    id={`${id}-amount`}
                    value={amount}
                    onChange={(event) => setAmount(event.target.value)}
                    inputMode="decimal"
                    autoComplete="off"
                    aria-invalid={fieldError ? true : undefined}
                    aria-describedby={`${id}-amount-hint`}
                    autoFocus
                  />
                  <Button type="button" variant="secondary" onClick={() => setAmount(amountText(remaining))}>
                    {t("dialog.all")}
                  </Button>
                </div>
                <p
                  id={`${id}-amount-hint`}
                  className={fieldError ? "text-xs font-medium text-destructive" : "text-xs text-muted-foreground"}
                  role={fieldError ? "alert" : undefined}
                >
                  {fieldError ?? t("dialog.amountHint", { remaining: formatBRL(remaining) })}
                </p>
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-reason`}>{t("dialog.reason")}</Label>
                <Textarea
                  id={`${id}-reason`}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  placeholder={t("dialog.reasonPlaceholder")}
                  maxLength={140}
                />
              </div>
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => change(false)}>
                  {tc("actions.cancel")}
                </Button>
                <Button type="submit">{t("dialog.continue")}</Button>
              </DialogFooter>
            </form>
          ) : (
            <form onSubmit={send} className="grid gap-4" noValidate>
              <DialogHeader>
                <DialogTitle>{t("dialog.reviewTitle")}</DialogTitle>
                <DialogDescription>{t("dialog.reviewDescription", { amount: shown })}</DialogDescription>
              </DialogHeader>
              <MoneyFactsList
                facts={{
                  account,
                  amount: centavos ?? 0n,
                  payer: { name: charge.payerName, document: charge.payerDocument },
                }}
              />
              {reason.trim() && <p className="text-sm break-words">“{reason.trim()}”</p>}
              <FormError message={error} />
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setStep("form")} disabled={pending}>
                  {t("dialog.back")}
                </Button>
                <Button type="submit" disabled={pending} autoFocus>
                  {pending && <LoaderIcon className="animate-spin" aria-hidden />}
                  {t("dialog.confirm", { amount: shown })}
                </Button>
              </DialogFooter>
            </form>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
