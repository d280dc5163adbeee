"use client";

import { canonicalDocument } from "@server/withdrawals/recipients";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { BankAccountInput, BankAccountType } from "@/gql/graphql";
import { execute } from "@/lib/graphql/execute";
import { PixParticipantsDocument } from "./documents";

const ACCOUNT_TYPES: BankAccountType[] = [
  "CHECKING" as BankAccountType,
  "SAVINGS" as BankAccountType,
  "PAYMENT" as BankAccountType,
];

export interface BankAccountDraft {
  ispb: string;
  branch: string;
  account: string;
  accountType: BankAccountType;
  holderName: string;
  holderDocument: string;
}

export const EMPTY_BANK_ACCOUNT: BankAccountDraft = {
  ispb: "",
  branch: "",
  account: "",
  accountType: "CHECKING" as BankAccountType,
  holderName: "",
  holderDocument: "",
};

type DraftErrors = Partial<Record<keyof BankAccountDraft, string>>;

/** The API's rules for an account, in the form's words; the API checks them again. */
export function useBankAccountCheck(): (draft: BankAccountDraft) => {
  errors: DraftErrors;
  input: BankAccountInput | null;
} {
  const t = useTranslations("merchantWithdrawals.create.bankAccount");
  return (draft) => {
    const errors: DraftErrors = {};
    const branch = draft.branch.trim();
    const account = draft.account.trim().replace(/[-\s]/g, "");
    const holderName = draft.holderName.trim();
    const document = canonicalDocument(draft.holderDocument.trim());
    if (!/^\d{8}$/.test(draft.ispb)) errors.ispb = t("bankRequired");
    if (!/^\d{1,4}$/.test(branch)) errors.branch = t("branchInvalid");
    if (!/^\d{1,20}$/.test(account)) errors.account = t("accountInvalid");
    if (holderName.length === 0 || [...holderName].length > 140) errors.holderName = t("holderNameInvalid");
    if (!document.ok) errors.holderDocument = t("holderDocumentInvalid");
    const input =
      Object.keys(errors).length === 0 && document.ok
        ? {
            ispb: draft.ispb,
            branch,
            account,
            accountType: draft.accountType,
            holderName,
            holderDocument: document.document,
          }
        : null;
    return { errors, input };
  };
}

/**
 * An account to pay: the bank chosen by name from the Pix participants (its ISPB is what is
 * sent), the branch, the account with its check digit, its kind, the holder's name and CPF or CNPJ.
 */
export function BankAccountFields({
  draft,
  onChange,
  errors,
}: {
  draft: BankAccountDraft;
  onChange: (draft: BankAccountDraft) => void;
  /** The errors to show (the fields touched, or all after a submit). */
  errors: DraftErrors;
}) {
  const t = useTranslations("merchantWithdrawals.create.bankAccount");
  const types = useTranslations("withdrawals.destinationText.accountTypes");
  const participants = useQuery({
    queryKey: ["PixParticipants"],
    queryFn: () => execute(PixParticipantsDocument, {}),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const set = (field: keyof BankAccountDraft) => (value: string) => onChange({ ...draft, [field]: value });
  return (
    <>
      <Field
        label={t("bank")}
        error={errors.ispb ?? (participants.isError ? t("banksUnavailable") : undefined)}
        hint={draft.ispb ? t("ispb", { ispb: draft.ispb }) : undefined}
      >
        {(control) => (
          <Select value={draft.ispb} onValueChange={set("ispb")} disabled={participants.isPending}>
            <SelectTrigger {...control} className="w-full">
              <SelectValue placeholder={participants.isPending ? t("banksLoading") : t("bankPlaceholder")} />
            </SelectTrigger>
            <SelectContent className="max-h-80">
              {(participants.data?.pixParticipants ?? []).map((bank) => (
                <SelectItem key={bank.ispb} value={bank.ispb}>
                  {bank.code ? `${bank.code} · ${bank.name}` : bank.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
        <Field label={t("branch")} error={errors.branch}>
          {(control) => (
            <Input
              {...control}
              value={draft.branch}
              inputMode="numeric"
              autoComplete="off"
              onChange={(event) => set("branch")(event.target.value)}
            />
          )}
        </Field>
        <Field label={t("account")} error={errors.account} hint={t("accountHint")}>
          {(control) => (
            <Input
              {...control}
              value={draft.account}
              inputMode="numeric"
              autoComplete="off"
              onChange={(event) => set("account")(event.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label={t("accountType")}>
        {(control) => (
          <Select value={draft.accountType} onValueChange={set("accountType")}>
            <SelectTrigger {...control} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ACCOUNT_TYPES.map((type) => (
                <SelectItem key={type} value={type}>
                  {types(type)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <Field label={t("holderName")} error={errors.holderName}>
        {(control) => (
          <Input
            {...control}
            value={draft.holderName}
            autoComplete="off"
            onChange={(event) => set("holderName")(event.target.value)}
          />
        )}
      </Field>
      <Field label={t("holderDocument")} error={errors.holderDocument} hint={t("holderDocumentHint")}>
        {(control) => (
          <Input
            {...control}
            value={draft.holderDocument}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => set("holderDocument")(event.target.value)}
          />
        )}
      </Field>
    </>
  );
}
