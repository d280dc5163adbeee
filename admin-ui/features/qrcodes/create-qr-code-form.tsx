"use client";

import { LoaderIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { centavosToMoney, parseMoneyInput } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
import { CreateQrCodeDocument } from "./documents";

/** A typed amount as Money, or undefined when empty; null when it is no amount. */
function moneyOf(text: string): string | null | undefined {
  if (!text.trim()) return undefined;
  const cents = parseMoneyInput(text);
  return cents === null || cents <= 0n ? null : centavosToMoney(cents);
}

/** A new static QR code: what is paid for, and a fixed amount or one the payer types in their bank's app. */
export function CreateQrCodeForm() {
  const t = useTranslations("qrCodes.form");
  const { run, busy, error: formError } = useAction();
  const [description, setDescription] = useState("");
  const [kind, setKind] = useState<"open" | "fixed">("open");
  const [amount, setAmount] = useState("");

  const amountMoney = moneyOf(amount);
  const descriptionProblem = description.trim().length > 140 ? t("descriptionTooLong") : undefined;
  const ready =
    description.trim().length > 0 && !descriptionProblem && (kind === "open" || typeof amountMoney === "string");

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    await run(
      () =>
        execute(CreateQrCodeDocument, {
          input: { description: description.trim(), amount: kind === "fixed" ? amountMoney : null },
        }),
      {
        success: t("created"),
        inForm: true,
        onSuccess: () => {
          setDescription("");
          setAmount("");
        },
      },
    );
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
            onChange={(event) => setKind(event.target.value as "open" | "fixed")}
          >
            <option value="open">{t("kinds.open")}</option>
            <option value="fixed">{t("kinds.fixed")}</option>
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
      ) : null}
      <div>
        <Button type="submit" disabled={busy || !ready}>
          {busy && <LoaderIcon className="animate-spin" aria-hidden />}
          {t("submit")}
        </Button>
      </div>
    </form>
  );
}
