"use client";

import { useQueryClient } from "@tanstack/react-query";
import { LoaderIcon, PlusIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { MoneyFactsList } from "@/components/confirm-dialogs";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Field, FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { TabsNav } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { centavosToMoney, formatBRL, parseMoneyInput } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
import { CreateAdjustmentDocument } from "./documents";

/**
 * A manual credit or debit with a required reason, sent only from a second step that names the
 * account (its name and id), the amount and the direction ("Voltar" edits). Above the maker-checker limit the API
 * answers REQUESTED: the money moves only once a second operator confirms it.
 */
export function CreateAdjustmentDialog({
  companies,
  defaultCompany,
  initiallyOpen = false,
}: {
  companies: Array<{ id: string; name: string }>;
  defaultCompany: string | null;
  /** Mounted by its lazy button (create-adjustment-button.tsx) at the first press: open at once. */
  initiallyOpen?: boolean;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(initiallyOpen);
  const [direction, setDirection] = useState<"credit" | "debit">("credit");
  const t = useTranslations("adjustments.create");
  const tc = useTranslations("common");
  const [company, setCompany] = useState(defaultCompany ?? "");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const { run, busy: pending, error, clearError } = useAction();
  const [reviewing, setReviewing] = useState(false);
  const centavos = parseMoneyInput(amount);
  const amountError = amount && (centavos === null || centavos <= 0n) ? t("amountError") : undefined;
  const valid = company && centavos !== null && centavos > 0n && reason.trim().length >= 3;

  const chosen = companies.find((each) => each.id === company);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid || centavos === null) return;
    if (!reviewing) {
      if (!chosen) return;
      clearError();
      setReviewing(true);
      return;
    }
    const signed = direction === "debit" ? -centavos : centavos;
    const shown = formatBRL(centavos);
    await run(
      async () => {
        const { createAdjustment } = await execute(CreateAdjustmentDocument, {
          companyId: company,
          amount: centavosToMoney(signed),
          description: reason.trim(),
        });
        return createAdjustment.status === "REQUESTED";
      },
      {
        inForm: true,
        success: (requested) =>
          requested
            ? t(direction === "credit" ? "requestedCredit" : "requestedDebit", { amount: shown })
            : t(direction === "credit" ? "credited" : "debited", { amount: shown }),
        successOptions: (requested) => ({
          description: requested ? t("requestedDescription") : t("postedDescription"),
        }),
        onSuccess: (requested) => {
          setOpen(false);
          setReviewing(false);
          setAmount("");
          setReason("");
          // A posted adjustment changes the company page's balance audit (fetched by the browser).
          if (!requested) void queryClient.invalidateQueries({ queryKey: ["BalanceAudit"] });
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setOpen(next);
        if (!next) setReviewing(false);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm">
          <PlusIcon aria-hidden /> {t("open")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{reviewing ? t("review.title") : t("title")}</DialogTitle>
            <DialogDescription>{reviewing ? t("review.description") : t("description")}</DialogDescription>
          </DialogHeader>
          {reviewing && chosen && centavos !== null ? (
            <div className="grid gap-3">
              <MoneyFactsList
                facts={{
                  account: t("review.accountName", { name: chosen.name, id: chosen.id }),
                  operation: t(direction === "credit" ? "review.credit" : "review.debit"),
                  amount: direction === "debit" ? -centavos : centavos,
                  signed: true,
                }}
              />
              <p className="text-sm">
                <span className="text-muted-foreground">{t("reason")}: </span>
                {reason.trim()}
              </p>
            </div>
          ) : (
            <>
              <TabsNav
                label={t("direction")}
                value={direction}
                options={[
                  { value: "credit", label: t("credit") },
                  { value: "debit", label: t("debit") },
                ]}
                onChange={setDirection}
              />
              <Field label={t("company")}>
                {(control) => (
                  <Select value={company} onValueChange={setCompany}>
                    <SelectTrigger {...control} className="w-full">
                      <SelectValue placeholder={t("chooseCompany")} />
                    </SelectTrigger>
                    <SelectContent>
                      {companies.map((c) => (
                        <SelectItem key={c.id} value={c.id}>
                          {c.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </Field>
              <Field label={t("amount")} error={amountError} hint={t("amountHint")}>
                {(control) => (
                  <Input {...control} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
                )}
              </Field>
              <Field label={t("reason")} hint={t("reasonHint")}>
                {(control) => (
                  <Textarea {...control} value={reason} onChange={(e) => setReason(e.target.value)} rows={3} />
                )}
              </Field>
            </>
          )}
          <FormError message={error} />
          <DialogFooter>
            {reviewing ? (
              <Button type="button" variant="outline" onClick={() => setReviewing(false)} disabled={pending}>
                {t("review.back")}
              </Button>
            ) : (
              <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={pending}>
                {tc("actions.cancel")}
              </Button>
            )}
            <Button type="submit" disabled={!valid || pending}>
              {pending && <LoaderIcon className="animate-spin" aria-hidden />}
              {reviewing
                ? t("review.confirm")
                : centavos && centavos > 0n
                  ? t(direction === "credit" ? "submitCredit" : "submitDebit", { amount: formatBRL(centavos) })
                  : t("review.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
