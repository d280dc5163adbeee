"use client";

import { LoaderIcon, PlusIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DayInput } from "@/components/ui/day-input";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Field, FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { centavosToMoney, formatBRL, formatIsoDay, parseMoneyInput, saoPauloDay } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
import { CreateRecurringChargeDocument } from "./documents";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day `days` after today in São Paulo, YYYY-MM-DD. */
function daysAfterToday(days: number): string {
  const [y, m, d] = saoPauloDay().split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days, 12)).toISOString().slice(0, 10);
}

/**
 * A cycle's charge of an APPROVED recurrence: its due date (2 to 10 days after today, the
 * central bank's rule: the day picker allows no other) and, for a variable recurrence, its
 * amount; a fixed one's amount is the recurrence's. The server checks everything again.
 */
export function NewRecurringChargeButton({
  recurrenceId,
  fixedAmount,
}: {
  recurrenceId: string;
  fixedAmount: string | null;
}) {
  const t = useTranslations("recurrences.newCharge");
  const tCreate = useTranslations("recurrences.create");
  const tc = useTranslations("common");
  const { run, busy, error } = useAction();
  const [open, setOpen] = useState(false);
  const [dueDate, setDueDate] = useState("");
  const [amount, setAmount] = useState("");
  const [touched, setTouched] = useState(false);
  const min = daysAfterToday(2);
  const max = daysAfterToday(10);
  const dayError = !ISO_DAY.test(dueDate) || dueDate < min || dueDate > max ? tCreate("dayInvalid") : undefined;
  const centavos = parseMoneyInput(amount);
  const amountError =
    fixedAmount === null && (centavos === null || centavos < 1n) ? tCreate("amountInvalid") : undefined;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (dayError || amountError || busy) return;
    await run(
      () =>
        execute(CreateRecurringChargeDocument, {
          recurrenceId,
          input: { dueDate, amount: fixedAmount === null && centavos !== null ? centavosToMoney(centavos) : null },
        }),
      {
        inForm: true,
        success: ({ createRecurringCharge }) =>
          t("done", { date: formatIsoDay(createRecurringCharge.dueDate ?? dueDate) }),
        onSuccess: () => {
          setOpen(false);
          setDueDate("");
          setAmount("");
          setTouched(false);
        },
      },
    );
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <PlusIcon aria-hidden /> {t("label")}
      </Button>
      <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
        <DialogContent>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t("title")}</DialogTitle>
              <DialogDescription>{t("description")}</DialogDescription>
            </DialogHeader>
            <FormError message={error} />
            <Field label={t("dueDate")} error={touched ? dayError : undefined}>
              {(control) => (
                <DayInput {...control} value={dueDate} onValue={setDueDate} min={min} max={max} className="h-9 w-40" />
              )}
            </Field>
            {fixedAmount === null ? (
              <Field label={t("amount")} error={touched ? amountError : undefined} hint={tCreate("amountExample")}>
                {(control) => (
                  <Input
                    {...control}
                    inputMode="decimal"
                    autoComplete="off"
                    value={amount}
                    onChange={(event) => setAmount(event.target.value)}
                    className="w-48"
                  />
                )}
              </Field>
            ) : (
              <p className="text-sm text-muted-foreground">{t("fixedAmount", { amount: formatBRL(fixedAmount) })}</p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={busy}>
                {tc("actions.cancel")}
              </Button>
              <Button type="submit" disabled={busy}>
                {busy && <LoaderIcon className="animate-spin" aria-hidden />}
                {t("submit")}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
