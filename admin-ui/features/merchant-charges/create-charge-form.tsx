"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field, FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { centavosToMoney, formatBRL, parseMoneyInput } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
import { CreateMerchantChargeDocument } from "./documents";

/** How long a payer has, in the seconds the API takes (60 to 2,592,000); named in `create.expiry`. */
const EXPIRY_CHOICES = ["900", "3600", "86400", "604800", "2592000"] as const;

const MAX_CENTAVOS = 9_999_999_999n;

/** Its messages are keys of the `merchantCharges.create` catalogue, shown in the reader's language. */
const schema = z.object({
  amount: z.string().superRefine((text, ctx) => {
    const centavos = parseMoneyInput(text);
    if (centavos === null) ctx.addIssue({ code: "custom", message: "amountInvalid" });
    else if (centavos < 1n) ctx.addIssue({ code: "custom", message: "amountTooSmall" });
    else if (centavos > MAX_CENTAVOS) ctx.addIssue({ code: "custom", message: "amountTooLarge" });
  }),
  description: z.string().trim().max(140, "descriptionTooLong"),
  expiresIn: z.string(),
});
type Values = z.infer<typeof schema>;

/**
 * A new charge: amount, what it is for and how long it can be paid. One idempotency key per
 * form, so a double click or a retry after a lost answer creates one charge. On success the
 * charge's page opens with its QR code.
 */
export function CreateChargeForm() {
  const t = useTranslations("merchantCharges.create");
  const router = useRouter();
  const { run, error: formError } = useAction();
  // After success the form stays disabled while the new page opens.
  const [leaving, setLeaving] = useState(false);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { amount: "", description: "", expiresIn: "3600" },
  });
  const { errors, isSubmitting } = form.formState;
  const centavos = parseMoneyInput(form.watch("amount"));

  const submit = form.handleSubmit(async (values) => {
    const amount = parseMoneyInput(values.amount);
    if (amount === null) return;
    await run(
      () =>
        execute(CreateMerchantChargeDocument, {
          idempotencyKey,
          input: {
            amount: centavosToMoney(amount),
            description: values.description.trim() || null,
            expiresIn: Number(values.expiresIn),
          },
        }),
      {
        inForm: true,
        refresh: false,
        success: ({ createCharge }) => t("created", { amount: formatBRL(createCharge.amount) }),
        onSuccess: ({ createCharge }) => {
          setLeaving(true);
          router.push(`/m/charges/${createCharge.id}`);
        },
      },
    );
  });

  const busy = isSubmitting || leaving;
  const fieldError = (key: string | undefined) =>
    key ? t(key as "amountInvalid" | "amountTooSmall" | "amountTooLarge" | "descriptionTooLong") : undefined;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t("formLabel")}>
      <FormError message={formError} />
      <Field
        label={t("amount")}
        error={fieldError(errors.amount?.message)}
        hint={
          centavos !== null && centavos > 0n ? t("amountHint", { amount: formatBRL(centavos) }) : t("amountExample")
        }
      >
        {(control) => (
          <Input {...control} inputMode="decimal" autoComplete="off" autoFocus {...form.register("amount")} />
        )}
      </Field>
      <Field label={t("descriptionLabel")} error={fieldError(errors.description?.message)} hint={t("descriptionHint")}>
        {(control) => (
          <Input
            {...control}
            maxLength={140}
            placeholder={t("descriptionPlaceholder")}
            {...form.register("description")}
          />
        )}
      </Field>
      <Field label={t("expiresIn")}>
        {(control) => (
          <Select value={form.watch("expiresIn")} onValueChange={(value) => form.setValue("expiresIn", value)}>
            <SelectTrigger {...control} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {EXPIRY_CHOICES.map((seconds) => (
                <SelectItem key={seconds} value={seconds}>
                  {t(`expiry.${seconds}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <Button type="submit" disabled={busy} className="sm:justify-self-start">
        {busy && <LoaderIcon className="animate-spin" aria-hidden />}
        {busy ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
