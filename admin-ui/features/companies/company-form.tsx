"use client";

import { canonicalCnpj } from "@server/withdrawals/pix-key";
import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { centavosToMoney, formatDocument, moneyToCentavos, parseMoneyInput } from "@/lib/format";

/** What the company form holds: text as the person typed it. */
export interface CompanyFormValues {
  name: string;
  cnpj: string;
  city: string;
  feePercent: string;
  feeFixed: string;
  autoApproveLimit: string;
}

export const EMPTY_COMPANY_FORM: CompanyFormValues = {
  name: "",
  cnpj: "",
  city: "",
  feePercent: "",
  feeFixed: "",
  autoApproveLimit: "",
};

/** The form's values from a company the API returned (money and percent in the reader's notation). */
export function companyFormValues(company: {
  name: string;
  cnpj?: string | null;
  city: string;
  feePercent: string;
  feeFixed: string;
  autoApproveLimit?: string | null;
}): CompanyFormValues {
  const money = (value: string) => centavosToMoney(moneyToCentavos(value)).replace(".", ",");
  return {
    name: company.name,
    cnpj: company.cnpj ? formatDocument(company.cnpj) : "",
    city: company.city,
    feePercent: company.feePercent.replace(".", ","),
    feeFixed: money(company.feeFixed),
    autoApproveLimit: company.autoApproveLimit ? money(company.autoApproveLimit) : "",
  };
}

const PERCENT_TEXT = /^(\d{1,3})(?:[.,](\d{1,2}))?$/;

/** "0,99" or "0.99" as the API's Percent ("0.99"); null when not 0 to 100 with two decimals. */
export function parsePercentInput(text: string): string | null {
  const match = PERCENT_TEXT.exec(text.trim().replace(/\s*%$/, ""));
  if (!match) return null;
  const [, whole, fraction = ""] = match;
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (hundredths > 10_000) return null;
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;
}

export type CompanyFieldErrors = Partial<Record<keyof CompanyFormValues, string>>;

/**
 * The API's input from the form, or the errors beside each field. The CNPJ is checked by the
 * service's own validator (check digits, numeric or alphanumeric); blank optional fields are
 * left out (on an edit, a blank CNPJ or limit removes it).
 */
export function readCompanyForm(
  values: CompanyFormValues,
  t: ReturnType<typeof useTranslations<"companies.form">>,
  mode: "create" | "edit",
): { errors: CompanyFieldErrors; input: Record<string, string | null> | null } {
  const errors: CompanyFieldErrors = {};
  const input: Record<string, string | null> = {};
  const name = values.name.trim();
  if (name.length < 2) errors.name = t("errors.name");
  else input.name = name;
  const cnpj = values.cnpj.trim();
  if (cnpj) {
    const canonical = canonicalCnpj(cnpj);
    if (canonical === null) errors.cnpj = t("errors.cnpj");
    else input.cnpj = canonical;
  } else if (mode === "edit") input.cnpj = null;
  const city = values.city.trim();
  if (city) input.city = city;
  if (values.feePercent.trim()) {
    const percent = parsePercentInput(values.feePercent);
    if (percent === null) errors.feePercent = t("errors.feePercent");
    else input.feePercent = percent;
  }
  if (values.feeFixed.trim()) {
    const centavos = parseMoneyInput(values.feeFixed);
    if (centavos === null || centavos < 0n) errors.feeFixed = t("errors.money");
    else input.feeFixed = centavosToMoney(centavos);
  }
  if (values.autoApproveLimit.trim()) {
    const centavos = parseMoneyInput(values.autoApproveLimit);
    if (centavos === null || centavos <= 0n) errors.autoApproveLimit = t("errors.money");
    else input.autoApproveLimit = centavosToMoney(centavos);
  } else if (mode === "edit") input.autoApproveLimit = null;
  return { errors, input: Object.keys(errors).length ? null : input };
}

/** The fields of a company, shared by "new company" and "edit". */
export function CompanyFormFields({
  values,
  errors,
  onChange,
  mode,
}: {
  values: CompanyFormValues;
  errors: CompanyFieldErrors;
  onChange: (values: CompanyFormValues) => void;
  mode: "create" | "edit";
}) {
  const t = useTranslations("companies.form");
  const set = (key: keyof CompanyFormValues) => (event: React.ChangeEvent<HTMLInputElement>) =>
    onChange({ ...values, [key]: event.target.value });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label={t("name")} error={errors.name} className="sm:col-span-2">
        {(control) => <Input {...control} required autoComplete="off" value={values.name} onChange={set("name")} />}
      </Field>
      <Field label={t("cnpj")} hint={t("cnpjHint")} error={errors.cnpj}>
        {(control) => (
          <Input {...control} autoComplete="off" inputMode="text" value={values.cnpj} onChange={set("cnpj")} />
        )}
      </Field>
      <Field label={t("city")} hint={mode === "create" ? t("cityHint") : undefined} error={errors.city}>
        {(control) => <Input {...control} autoComplete="off" value={values.city} onChange={set("city")} />}
      </Field>
      <Field label={t("feePercent")} hint={t("feePercentHint")} error={errors.feePercent}>
        {(control) => <Input {...control} inputMode="decimal" value={values.feePercent} onChange={set("feePercent")} />}
      </Field>
      <Field label={t("feeFixed")} hint={t("feeFixedHint")} error={errors.feeFixed}>
        {(control) => <Input {...control} inputMode="decimal" value={values.feeFixed} onChange={set("feeFixed")} />}
      </Field>
      <Field
        label={t("autoApproveLimit")}
        hint={t("autoApproveLimitHint")}
        error={errors.autoApproveLimit}
        className="sm:col-span-2"
      >
        {(control) => (
          <Input {...control} inputMode="decimal" value={values.autoApproveLimit} onChange={set("autoApproveLimit")} />
        )}
      </Field>
    </div>
  );
}
