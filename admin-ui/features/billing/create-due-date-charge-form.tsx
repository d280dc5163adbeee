"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import type * as React from "react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DayInput } from "@/components/ui/day-input";
import { Field, FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { checkPayer, PayerFields, payerDefaults, payerInput, payerShape } from "@/features/customers/payer-fields";
import type { CustomerRowFragment } from "@/gql/graphql";
import { formatBRL, formatIsoDay, parseMoneyInput, saoPauloDay } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
import { AmountDuePreview } from "./amount-due-preview";
import { CreateDueDateChargeDocument } from "./documents";
import {
  ADJUSTMENT_MODES,
  DISCOUNT_MODES,
  INTEREST_MODES,
  isPercentMode,
  isUntilDates,
  termsInput,
  termValueOf,
} from "./due-date-terms-input";

const MAX_CENTAVOS = 9_999_999_999n;
const REFERENCE = /^[A-Za-z0-9._:-]{1,64}$/;
/** What DayInput gives a form for a real day; anything else is the text as typed. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

type FormKey = Parameters<ReturnType<typeof useTranslations<"billing.form">>>[0];

/** Its messages are keys of the `billing.form` catalogue (`merchantCharges.create` for the amount, `customers.payer` for the payer). */
const schema = z
  .object({
    amount: z.string(),
    description: z.string().trim().max(140, "descriptionTooLong"),
    ...payerShape,
    dueDate: z.string(),
    daysAfterDue: z.string(),
    fineMode: z.string(),
    fineValue: z.string(),
    interestMode: z.string(),
    interestValue: z.string(),
    discountMode: z.string(),
    discountValue: z.string(),
    discountDate: z.string(),
    abatementMode: z.string(),
    abatementValue: z.string(),
    externalReference: z.string().trim(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const centavos = parseMoneyInput(v.amount);
    if (centavos === null) issue("amount", "amountInvalid");
    else if (centavos < 1n) issue("amount", "amountTooSmall");
    else if (centavos > MAX_CENTAVOS) issue("amount", "amountTooLarge");
    checkPayer(v, issue);
    if (!v.dueDate) issue("dueDate", "dueDateRequired");
    else if (!ISO_DAY.test(v.dueDate)) issue("dueDate", "dayInvalid");
    else if (v.dueDate < saoPauloDay()) issue("dueDate", "dueDateInPast");
    const days = Number(v.daysAfterDue);
    if (v.daysAfterDue.trim() === "" || !Number.isInteger(days) || days < 0 || days > 365)
      issue("daysAfterDue", "daysAfterDueInvalid");
    const value = (mode: string, text: string, path: string) => {
      if (mode && termValueOf(mode, text) === null)
        issue(path, isPercentMode(mode) ? "percentInvalid" : "valueInvalid");
    };
    value(v.fineMode, v.fineValue, "fineValue");
    value(v.interestMode, v.interestValue, "interestValue");
    value(v.discountMode, v.discountValue, "discountValue");
    value(v.abatementMode, v.abatementValue, "abatementValue");
    if (isUntilDates(v.discountMode)) {
      if (!v.discountDate) issue("discountDate", "discountDateRequired");
      else if (!ISO_DAY.test(v.discountDate)) issue("discountDate", "dayInvalid");
      else if (v.dueDate && v.discountDate > v.dueDate) issue("discountDate", "discountDateAfterDue");
    }
    if (v.externalReference && !REFERENCE.test(v.externalReference))
      issue("externalReference", "externalReferenceInvalid");
  });
type Values = z.infer<typeof schema>;

const AMOUNT_MESSAGES = new Set(["amountInvalid", "amountTooSmall", "amountTooLarge", "descriptionTooLong"]);

/**
 * A due-date charge (the central bank's cobv): amount, due date, how long after it a payment
 * is taken, the payer (one of the account's customers, or a name and CPF/CNPJ), fine,
 * interest, discount and abatement, with a live preview of what the payer pays by day. One
 * idempotency key per form: a double click or a retry makes one charge.
 */
export function CreateDueDateChargeForm({
  customers,
  customerId,
}: {
  customers: CustomerRowFragment[];
  /** A customer chosen before (from their page). */
  customerId?: string | null;
}) {
  const t = useTranslations("billing.form");
  const tAmount = useTranslations("merchantCharges.create");
  const tPreview = useTranslations("billing.preview");
  const router = useRouter();
  const { run, error: formError } = useAction();
  // After success the form stays disabled while the new page opens.
  const [leaving, setLeaving] = useState(false);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      amount: "",
      description: "",
      ...payerDefaults(customers, customerId),
      dueDate: "",
      daysAfterDue: "30",
      fineMode: "",
      fineValue: "",
      interestMode: "",
      interestValue: "",
      discountMode: "",
      discountValue: "",
      discountDate: "",
      abatementMode: "",
      abatementValue: "",
      externalReference: "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const values = form.watch();
  const preview = termsInput(values);

  const message = (key: string | undefined) => {
    if (!key) return undefined;
    return AMOUNT_MESSAGES.has(key) ? tAmount(key as "amountInvalid") : t(key as FormKey);
  };

  const submit = form.handleSubmit(async (v) => {
    const terms = termsInput(v);
    if (terms === null) return;
    await run(
      () =>
        execute(CreateDueDateChargeDocument, {
          idempotencyKey,
          input: {
            ...terms,
            description: v.description.trim() || null,
            ...payerInput(v),
            externalReference: v.externalReference || null,
          },
        }),
      {
        inForm: true,
        refresh: false,
        success: ({ createCharge }) =>
          t("created", {
            amount: formatBRL(createCharge.amount),
            date: formatIsoDay(createCharge.dueDate ?? v.dueDate),
          }),
        onSuccess: ({ createCharge }) => {
          setLeaving(true);
          router.push(`/m/charges/${createCharge.id}`);
        },
      },
    );
  });

  const busy = isSubmitting || leaving;
  /** One term: its mode (none, or one of `modes`) and, once a mode is chosen, its value in R$ or %. */
  const term = (
    section: "fine" | "interest" | "discount" | "abatement",
    modes: readonly string[],
    extra?: React.ReactNode,
  ) => {
    const mode = values[`${section}Mode`];
    const valueName = `${section}Value` as const;
    return (
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t(section)} hint={section === "abatement" ? t("abatementHint") : undefined}>
          {(control) => (
            <NativeSelect className="w-full" {...control} {...form.register(`${section}Mode`)}>
              <option value="">{t("modes.none")}</option>
              {modes.map((option) => (
                <option key={option} value={option}>
                  {t(`modes.${option}` as FormKey)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {mode && (
          <Field
            label={t(valueName)}
            error={message(errors[valueName]?.message)}
            hint={isPercentMode(mode) ? t("unitPercent") : t("unitMoney")}
          >
            {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...form.register(valueName)} />}
          </Field>
        )}
        {extra}
      </div>
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <form onSubmit={submit} noValidate className="grid gap-6" aria-label={t("formLabel")}>
        <FormError message={formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={tAmount("amount")}
            error={message(errors.amount?.message)}
            hint={tAmount("amountExample")}
            className="sm:col-span-1"
          >
            {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...form.register("amount")} />}
          </Field>
          <Field label={t("dueDate")} error={message(errors.dueDate?.message)}>
            {(control) => (
              <Controller
                control={form.control}
                name="dueDate"
                render={({ field }) => (
                  <DayInput
                    {...control}
                    value={field.value}
                    onValue={field.onChange}
                    min={saoPauloDay()}
                    className="h-9 w-full sm:w-40"
                  />
                )}
              />
            )}
          </Field>
          <Field
            label={tAmount("descriptionLabel")}
            error={message(errors.description?.message)}
            hint={tAmount("descriptionHint")}
            className="sm:col-span-2"
          >
            {(control) => (
              <Input
                {...control}
                maxLength={140}
                placeholder={tAmount("descriptionPlaceholder")}
                {...form.register("description")}
              />
            )}
          </Field>
          <Field
            label={t("daysAfterDue")}
            error={message(errors.daysAfterDue?.message)}
            hint={t("daysAfterDueHint")}
            className="sm:col-span-2"
          >
            {(control) => (
              <Input {...control} inputMode="numeric" className="w-28" {...form.register("daysAfterDue")} />
            )}
          </Field>
        </div>

        <PayerFields form={form} customers={customers} />

        <fieldset className="grid gap-4">
          <legend className="mb-2 text-sm font-semibold">{t("chargesSection")}</legend>
          {term("fine", ADJUSTMENT_MODES)}
          {term("interest", INTEREST_MODES)}
          {term(
            "discount",
            DISCOUNT_MODES,
            isUntilDates(values.discountMode) && (
              <Field label={t("discountDate")} error={message(errors.discountDate?.message)}>
                {(control) => (
                  <Controller
                    control={form.control}
                    name="discountDate"
                    render={({ field }) => (
                      <DayInput
                        {...control}
                        value={field.value}
                        onValue={field.onChange}
                        min={saoPauloDay()}
                        max={ISO_DAY.test(values.dueDate) ? values.dueDate : undefined}
                        className="h-9 w-full sm:w-40"
                      />
                    )}
                  />
                )}
              </Field>
            ),
          )}
          {term("abatement", ADJUSTMENT_MODES)}
        </fieldset>

        <Field
          label={t("externalReference")}
          error={message(errors.externalReference?.message)}
          hint={t("externalReferenceHint")}
        >
          {(control) => (
            <Input {...control} maxLength={64} autoComplete="off" {...form.register("externalReference")} />
          )}
        </Field>

        <Button type="submit" disabled={busy} className="sm:justify-self-start">
          {busy && <LoaderIcon className="animate-spin" aria-hidden />}
          {busy ? t("submitting") : t("submit")}
        </Button>
      </form>
      <Card className="lg:sticky lg:top-4" aria-live="polite">
        <CardHeader>
          <div>
            <CardTitle>{tPreview("title")}</CardTitle>
            <CardDescription className="sr-only">{tPreview("description")}</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <AmountDuePreview input={preview} />
        </CardContent>
      </Card>
    </div>
  );
}
