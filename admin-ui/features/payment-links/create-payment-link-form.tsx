"use client";

import { LoaderIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { DayInput } from "@/components/ui/day-input";
import { Field, FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { centavosToMoney, parseMoneyInput, saoPauloDay } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
import { CreatePaymentLinkDocument } from "./documents";

/** A typed amount as Money, or undefined when empty; null when it is no amount. */
function moneyOf(text: string): string | null | undefined {
  if (!text.trim()) return undefined;
  const cents = parseMoneyInput(text);
  return cents === null || cents <= 0n ? null : centavosToMoney(cents);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** End of a chosen day in São Paulo (UTC-3, no daylight saving since 2019), as an instant. */
function endOfDay(day: string): string {
  return new Date(`${day}T23:59:59.999-03:00`).toISOString();
}

/** A new payment link: what is paid for, a fixed amount or one the payer types, single-use or reusable, an end date. */
export function CreatePaymentLinkForm() {
  const t = useTranslations("paymentLinks.form");
  const { run, busy, error: formError } = useAction();
  const [description, setDescription] = useState("");
  const [kind, setKind] = useState<"fixed" | "open">("fixed");
  const [amount, setAmount] = useState("");
  const [min, setMin] = useState("");
  const [max, setMax] = useState("");
  const [reusable, setReusable] = useState(false);
  const [expiresOn, setExpiresOn] = useState("");

  const amountMoney = moneyOf(amount);
  const minMoney = moneyOf(min);
  const maxMoney = moneyOf(max);
  const descriptionProblem = description.trim().length > 140 ? t("descriptionTooLong") : undefined;
  // DayInput gives a real day as yyyy-mm-dd, anything else as typed: only a full wrong day is flagged.
  const expiresProblem =
    expiresOn.length >= 10 && (!ISO_DAY.test(expiresOn) || expiresOn < saoPauloDay()) ? t("expiresInvalid") : undefined;
  const ready =
    description.trim().length > 0 &&
    !descriptionProblem &&
    (expiresOn === "" || (ISO_DAY.test(expiresOn) && !expiresProblem)) &&
    (kind === "fixed" ? typeof amountMoney === "string" : minMoney !== null && maxMoney !== null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const input = {
      description: description.trim(),
      amount: kind === "fixed" ? amountMoney : null,
      minAmount: kind === "open" ? (minMoney ?? null) : null,
      maxAmount: kind === "open" ? (maxMoney ?? null) : null,
      reusable,
      expiresAt: expiresOn ? endOfDay(expiresOn) : null,
    };
    await run(() => execute(CreatePaymentLinkDocument, { input }), {
      success: t("created"),
      inForm: true,
      onSuccess: () => {
        setDescription("");
        setAmount("");
        setMin("");
        setMax("");
        setExpiresOn("");
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t("formLabel")}>
      <FormError message={formError} />
      <Field label={t("description")} hint={t("descriptionHint")} error={descriptionProblem}>
        {(control) => (
          <Input
            {...control}
            value={description}
            maxLength={200}
            onChange={(event) => setDescription(event.target.value)}
          />
        )}
      </Field>
      <Field label={t("kind")}>
        {(control) => (
          <NativeSelect
            {...control}
            className="w-full"
            value={kind}
            onChange={(event) => setKind(event.target.value as "fixed" | "open")}
          >
            <option value="fixed">{t("kinds.fixed")}</option>
            <option value="open">{t("kinds.open")}</option>
          </NativeSelect>
        )}
      </Field>
      {kind === "fixed" ? (
        <Field label={t("amount")} error={amountMoney === null ? t("notMoney") : undefined}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              placeholder="0,00"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          )}
        </Field>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("minAmount")} hint={t("minHint")} error={minMoney === null ? t("notMoney") : undefined}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                placeholder="1,00"
                value={min}
                onChange={(event) => setMin(event.target.value)}
              />
            )}
          </Field>
          <Field label={t("maxAmount")} hint={t("maxHint")} error={maxMoney === null ? t("notMoney") : undefined}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                placeholder="99.999.999,99"
                value={max}
                onChange={(event) => setMax(event.target.value)}
              />
            )}
          </Field>
        </div>
      )}
      <Field label={t("expiresOn")} hint={t("expiresHint")} error={expiresProblem}>
        {(control) => (
          <DayInput
            {...control}
            value={expiresOn}
            onValue={setExpiresOn}
            min={saoPauloDay()}
            className="h-9 w-full sm:w-40"
          />
        )}
      </Field>
      <div className="flex items-start gap-2">
        <Checkbox id="link-reusable" checked={reusable} onCheckedChange={(value) => setReusable(value === true)} />
        <div className="grid gap-0.5 pt-0.5">
          <Label htmlFor="link-reusable">{t("reusable")}</Label>
          <p className="text-xs text-muted-foreground">{t("reusableHint")}</p>
        </div>
      </div>
      <div>
        <Button type="submit" disabled={busy || !ready}>
          {busy && <LoaderIcon className="animate-spin" aria-hidden />}
          {t("submit")}
        </Button>
      </div>
    </form>
  );
}
