"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { Field } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import type { CustomerRowFragment } from "@/gql/graphql";
import { formatDocument } from "@/lib/format";
import { documentFields } from "./document-input";

const MAX_PAYER_NAME = 140;

/** The payer's fields of a form: one of the account's customers, or a name and CPF/CNPJ typed. */
export const payerShape = {
  payerKind: z.enum(["customer", "typed"]),
  customerId: z.string(),
  payerName: z.string(),
  payerDocument: z.string(),
};
interface PayerValues {
  payerKind: "customer" | "typed";
  customerId: string;
  payerName: string;
  payerDocument: string;
}

/** Keys of `customers.payer`: the messages checkPayer gives. */
const PAYER_MESSAGES = new Set(["customerRequired", "payerNameRequired", "payerNameTooLong", "payerDocumentInvalid"]);
type PayerKey = Parameters<ReturnType<typeof useTranslations<"customers.payer">>>[0];

/** The form's payer, checked as the API checks it (the document's check digits too); issues are keys of `customers.payer`. */
export function checkPayer(v: PayerValues, issue: (path: keyof PayerValues, message: string) => void): void {
  if (v.payerKind === "customer" && !v.customerId) issue("customerId", "customerRequired");
  if (v.payerKind !== "typed") return;
  const name = v.payerName.trim();
  if (!name) issue("payerName", "payerNameRequired");
  else if ([...name].length > MAX_PAYER_NAME) issue("payerName", "payerNameTooLong");
  if (documentFields(v.payerDocument) === null) issue("payerDocument", "payerDocumentInvalid");
}

/** The payer as the API takes it: `customerId` or `payer` ({name, cpf | cnpj}), the other null. */
export function payerInput(v: PayerValues) {
  return {
    customerId: v.payerKind === "customer" ? v.customerId : null,
    payer: v.payerKind === "typed" ? { name: v.payerName.trim(), ...(documentFields(v.payerDocument) ?? {}) } : null,
  };
}

/** A new form's payer: the customer chosen before (from their page), else the first way that can be filled in. */
export function payerDefaults(customers: CustomerRowFragment[], customerId?: string | null): PayerValues {
  return {
    payerKind: customers.length > 0 ? "customer" : "typed",
    customerId: customerId && customers.some((c) => c.id === customerId) ? customerId : "",
    payerName: "",
    payerDocument: "",
  };
}

/**
 * The payer block of the billing forms (a due-date charge, a recurrence): a customer of the
 * account from a list, or another payer's name and CPF/CNPJ. The form's schema spreads
 * `payerShape` and calls `checkPayer` in its refinement.
 */
export function PayerFields<T extends FieldValues & PayerValues>({
  form,
  customers,
}: {
  form: UseFormReturn<T>;
  customers: CustomerRowFragment[];
}) {
  const t = useTranslations("customers.payer");
  const errors = form.formState.errors as Partial<Record<keyof PayerValues, { message?: string }>>;
  const message = (key: string | undefined) =>
    key !== undefined && PAYER_MESSAGES.has(key) ? t(key as PayerKey) : undefined;
  const register = (name: keyof PayerValues) => form.register(name as Path<T>);
  const kind = form.watch("payerKind" as Path<T>) as PayerValues["payerKind"];
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 text-sm font-semibold">{t("section")}</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input type="radio" value="customer" {...register("payerKind")} />
          {t("fromCustomer")}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" value="typed" {...register("payerKind")} />
          {t("typed")}
        </label>
      </div>
      {kind === "customer" ? (
        customers.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {t("noCustomers")}{" "}
            <Link href="/m/customers/new" className="font-medium text-foreground underline-offset-2 hover:underline">
              {t("newCustomer")}
            </Link>
          </p>
        ) : (
          <Field label={t("customer")} error={message(errors.customerId?.message)}>
            {(control) => (
              <NativeSelect className="w-full" {...control} {...register("customerId")}>
                <option value="">{t("customerPlaceholder")}</option>
                {customers.map((customer) => (
                  <option key={customer.id} value={customer.id}>
                    {customer.name} · {formatDocument(customer.document)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        )
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("payerName")} error={message(errors.payerName?.message)}>
            {(control) => (
              <Input {...control} maxLength={MAX_PAYER_NAME} autoComplete="off" {...register("payerName")} />
            )}
          </Field>
          <Field label={t("payerDocument")} error={message(errors.payerDocument?.message)}>
            {(control) => <Input {...control} inputMode="numeric" autoComplete="off" {...register("payerDocument")} />}
          </Field>
        </div>
      )}
    </fieldset>
  );
}
