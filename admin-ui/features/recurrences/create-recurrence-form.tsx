"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { LoaderIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { DayInput } from "@/components/ui/day-input";
import { Field, FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { checkPayer, PayerFields, payerDefaults, payerInput, payerShape } from "@/features/customers/payer-fields";
import type { CustomerRowFragment, RecurrenceFrequency, RecurrenceRetryPolicy } from "@/gql/graphql";
import { centavosToMoney, parseMoneyInput, saoPauloDay } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
import { CreateRecurrenceDocument, PayerBanksDocument } from "./documents";

const MAX_CENTAVOS = 9_999_999_999n;
const MAX_TEXT = 35;
/** What DayInput gives a form for a real day; anything else is the text as typed. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const FREQUENCIES: RecurrenceFrequency[] = ["WEEKLY", "MONTHLY", "QUARTERLY", "SEMIANNUAL", "ANNUAL"];
const RETRY_POLICIES: RecurrenceRetryPolicy[] = ["NONE", "THREE_IN_SEVEN_DAYS"];

/** An amount typed in R$, in centavos when it is one the API takes. */
function centavosOf(text: string): bigint | null {
  const centavos = parseMoneyInput(text);
  return centavos !== null && centavos >= 1n && centavos <= MAX_CENTAVOS ? centavos : null;
}

/** An account as typed ("12345-6"), its digits. */
const accountDigits = (text: string) => text.trim().replace(/[-\s]/g, "");

/** Its messages are keys of `recurrences.create` (the payer's, of `customers.payer`: PayerFields shows them). */
const schema = z
  .object({
    ...payerShape,
    contract: z.string().trim().min(1, "textRequired").max(MAX_TEXT, "textTooLong"),
    object: z.string().trim().min(1, "textRequired").max(MAX_TEXT, "textTooLong"),
    frequency: z.enum(FREQUENCIES as [RecurrenceFrequency, ...RecurrenceFrequency[]]),
    amountKind: z.enum(["fixed", "variable"]),
    amount: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    retryPolicy: z.enum(RETRY_POLICIES as [RecurrenceRetryPolicy, ...RecurrenceRetryPolicy[]]),
    withFirstPayment: z.boolean(),
    firstPayment: z.string(),
    autoCharge: z.boolean(),
    withBankAccount: z.boolean(),
    bankIspb: z.string(),
    bankBranch: z.string(),
    bankAccount: z.string(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    checkPayer(v, issue);
    if (v.amountKind === "fixed" && centavosOf(v.amount) === null) issue("amount", "amountInvalid");
    if (v.withFirstPayment && centavosOf(v.firstPayment) === null) issue("firstPayment", "amountInvalid");
    if (!ISO_DAY.test(v.startDate) || v.startDate < saoPauloDay()) issue("startDate", "dayInvalid");
    if (v.withBankAccount) {
      // The API's rules for payer_bank_account (it checks them again).
      if (!/^\d{8}$/.test(v.bankIspb)) issue("bankIspb", "bankRequired");
      if (v.bankBranch.trim() && !/^\d{1,4}$/.test(v.bankBranch.trim())) issue("bankBranch", "branchInvalid");
      if (!/^\d{1,20}$/.test(accountDigits(v.bankAccount))) issue("bankAccount", "accountInvalid");
    }
    if (v.endDate) {
      if (!ISO_DAY.test(v.endDate)) issue("endDate", "dayInvalid");
      else if (ISO_DAY.test(v.startDate) && v.endDate < v.startDate) issue("endDate", "endBeforeStart");
    }
  });
type Values = z.infer<typeof schema>;
type CreateKey = Parameters<ReturnType<typeof useTranslations<"recurrences.create">>>[0];

/**
 * A Pix Automático recurrence: the payer (a customer, or a name and CPF/CNPJ), the contract
 * and what is paid for, the frequency, a fixed or variable amount, the first day and the
 * last, what happens when a debit is refused, an optional first payment now (the central
 * bank's journey 3) and whether the service creates each cycle's charge. One idempotency
 * key per form: a double click or a retry makes one recurrence. Its page opens with the QR
 * code for the payer.
 */
export function CreateRecurrenceForm({
  customers,
  customerId,
}: {
  customers: CustomerRowFragment[];
  customerId?: string | null;
}) {
  const t = useTranslations("recurrences.create");
  const tFrequency = useTranslations("recurrences.frequency");
  const tRetry = useTranslations("recurrences.retryPolicy");
  const router = useRouter();
  const { run, error: formError } = useAction();
  // After success the form stays disabled while the new page opens.
  const [leaving, setLeaving] = useState(false);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      ...payerDefaults(customers, customerId),
      contract: "",
      object: "",
      frequency: "MONTHLY",
      amountKind: "fixed",
      amount: "",
      startDate: "",
      endDate: "",
      retryPolicy: "NONE",
      withFirstPayment: false,
      firstPayment: "",
      autoCharge: false,
      withBankAccount: false,
      bankIspb: "",
      bankBranch: "",
      bankAccount: "",
    },
  });
  const banks = useQuery({
    queryKey: ["PixParticipants"],
    queryFn: () => execute(PayerBanksDocument, {}),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: form.watch("withBankAccount"),
  });
  const { errors, isSubmitting } = form.formState;
  const values = form.watch();
  const message = (key: string | undefined) => (key ? t(key as CreateKey) : undefined);

  const submit = form.handleSubmit(async (v) => {
    const amount = v.amountKind === "fixed" ? centavosOf(v.amount) : null;
    const firstPayment = v.withFirstPayment ? centavosOf(v.firstPayment) : null;
    await run(
      () =>
        execute(CreateRecurrenceDocument, {
          idempotencyKey,
          input: {
            ...payerInput(v),
            contract: v.contract.trim(),
            object: v.object.trim(),
            frequency: v.frequency,
            startDate: v.startDate,
            endDate: v.endDate || null,
            amount: amount === null ? null : centavosToMoney(amount),
            retryPolicy: v.retryPolicy,
            firstPayment: firstPayment === null ? null : { amount: centavosToMoney(firstPayment) },
            autoCharge: amount !== null && v.autoCharge,
            payerBankAccount: v.withBankAccount
              ? { ispb: v.bankIspb, branch: v.bankBranch.trim() || null, account: accountDigits(v.bankAccount) }
              : null,
          },
        }),
      {
        inForm: true,
        refresh: false,
        success: t("created"),
        onSuccess: ({ createRecurrence }) => {
          setLeaving(true);
          router.push(`/m/recurrences/${createRecurrence.id}`);
        },
      },
    );
  });

  const busy = isSubmitting || leaving;
  const day = (name: "startDate" | "endDate", label: string, hint?: string) => (
    <Field label={label} error={message(errors[name]?.message)} hint={hint}>
      {(control) => (
        <Controller
          control={form.control}
          name={name}
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
  );
  return (
    <form onSubmit={submit} noValidate className="grid gap-6" aria-label={t("formLabel")}>
      <FormError message={formError} />
      <PayerFields form={form} customers={customers} />

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("contract")} error={message(errors.contract?.message)} hint={t("contractHint")}>
          {(control) => <Input {...control} maxLength={MAX_TEXT} autoComplete="off" {...form.register("contract")} />}
        </Field>
        <Field label={t("object")} error={message(errors.object?.message)} hint={t("objectHint")}>
          {(control) => <Input {...control} maxLength={MAX_TEXT} autoComplete="off" {...form.register("object")} />}
        </Field>
        <Field label={t("frequency")}>
          {(control) => (
            <NativeSelect className="w-full" {...control} {...form.register("frequency")}>
              {FREQUENCIES.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {tFrequency(frequency)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label={t("retryPolicy")}>
          {(control) => (
            <NativeSelect className="w-full" {...control} {...form.register("retryPolicy")}>
              {RETRY_POLICIES.map((policy) => (
                <option key={policy} value={policy}>
                  {tRetry(policy)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {day("startDate", t("startDate"))}
        {day("endDate", t("endDate"), t("endDateHint"))}
      </div>

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold">{t("amountSection")}</legend>
        <div className="grid gap-2 text-sm sm:grid-cols-2">
          <label className="flex items-start gap-2 rounded-md border p-3">
            <input type="radio" value="fixed" className="mt-1" {...form.register("amountKind")} />
            <span>
              <span className="block font-medium">{t("amountFixed")}</span>
              <span className="block text-xs text-muted-foreground">{t("amountFixedHint")}</span>
            </span>
          </label>
          <label className="flex items-start gap-2 rounded-md border p-3">
            <input type="radio" value="variable" className="mt-1" {...form.register("amountKind")} />
            <span>
              <span className="block font-medium">{t("amountVariable")}</span>
              <span className="block text-xs text-muted-foreground">{t("amountVariableHint")}</span>
            </span>
          </label>
        </div>
        {values.amountKind === "fixed" && (
          <Field label={t("amount")} error={message(errors.amount?.message)} hint={t("amountExample")}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                className="sm:w-48"
                {...form.register("amount")}
              />
            )}
          </Field>
        )}
        {values.amountKind === "fixed" && (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-1" {...form.register("autoCharge")} />
            <span>
              <span className="block font-medium">{t("autoCharge")}</span>
              <span className="block text-xs text-muted-foreground">{t("autoChargeHint")}</span>
            </span>
          </label>
        )}
      </fieldset>

      <fieldset className="grid gap-4">
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1" {...form.register("withFirstPayment")} />
          <span>
            <span className="block font-medium">{t("firstPayment")}</span>
            <span className="block text-xs text-muted-foreground">{t("firstPaymentHint")}</span>
          </span>
        </label>
        {values.withFirstPayment && (
          <Field
            label={t("firstPaymentAmount")}
            error={message(errors.firstPayment?.message)}
            hint={t("amountExample")}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                className="sm:w-48"
                {...form.register("firstPayment")}
              />
            )}
          </Field>
        )}
      </fieldset>

      <fieldset className="grid gap-4">
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1" {...form.register("withBankAccount")} />
          <span>
            <span className="block font-medium">{t("bankSection")}</span>
            <span className="block text-xs text-muted-foreground">{t("bankSectionHint")}</span>
          </span>
        </label>
        {values.withBankAccount && (
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem_minmax(0,12rem)]">
            <Field
              label={t("bank")}
              error={message(errors.bankIspb?.message) ?? (banks.isError ? t("banksUnavailable") : undefined)}
            >
              {(control) => (
                <NativeSelect className="w-full" {...control} disabled={banks.isPending} {...form.register("bankIspb")}>
                  <option value="">{banks.isPending ? t("banksLoading") : t("bankPlaceholder")}</option>
                  {(banks.data?.pixParticipants ?? []).map((bank) => (
                    <option key={bank.ispb} value={bank.ispb}>
                      {bank.code ? `${bank.code} · ${bank.name}` : bank.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label={t("branch")} error={message(errors.bankBranch?.message)}>
              {(control) => (
                <Input {...control} inputMode="numeric" autoComplete="off" {...form.register("bankBranch")} />
              )}
            </Field>
            <Field label={t("account")} error={message(errors.bankAccount?.message)}>
              {(control) => (
                <Input {...control} inputMode="numeric" autoComplete="off" {...form.register("bankAccount")} />
              )}
            </Field>
          </div>
        )}
      </fieldset>

      <Button type="submit" disabled={busy} className="sm:justify-self-start">
        {busy && <LoaderIcon className="animate-spin" aria-hidden />}
        {busy ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
