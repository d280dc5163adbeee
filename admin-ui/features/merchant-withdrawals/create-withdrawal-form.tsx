"use client";

import { PIX_KEY_TYPES, type PixKeyType } from "@server/withdrawals/pix-key";
import { canonicalDocument } from "@server/withdrawals/recipients";
import { LoaderIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { usePixKeyTypeName } from "@/components/pix-key-type-name";
import { Button } from "@/components/ui/button";
import { DayInput } from "@/components/ui/day-input";
import { Field, FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/toast";
import type { PixKeyType as ApiPixKeyType } from "@/gql/graphql";
import { centavosToMoney, formatBRL, formatPixKey, moneyToCentavos, parseMoneyInput, saoPauloDay } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useErrorMessage } from "@/lib/i18n/error-message";
import {
  type BankAccountDraft,
  BankAccountFields,
  EMPTY_BANK_ACCOUNT,
  useBankAccountCheck,
} from "./bank-account-fields";
import { CreateMerchantWithdrawalDocument } from "./documents";
import { checkPixKeyInput } from "./pix-key-input";

/** An example key of each type, as people write it (the form accepts these forms). */
const EXAMPLES: Record<PixKeyType, string> = {
  CPF: "529.982.247-25",
  CNPJ: "12.345.678/0001-95",
  EMAIL: "financeiro@empresa.com.br",
  TELEFONE: "(11) 98765-4321",
  ALEATORIA: "123e4567-e89b-12d3-a456-426614174000",
};

const MIN_CENTAVOS = 100n;
/** CONTRACT §15: a payout may be scheduled today up to 60 days ahead (São Paulo days). */
const MAX_DAYS_AHEAD = 60;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The São Paulo day `days` after today, yyyy-mm-dd (noon-based, so no offset change moves it). */
function daysAhead(today: string, days: number): string {
  const noon = new Date(`${today}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() + days);
  return noon.toISOString().slice(0, 10);
}

/**
 * A withdrawal: to a key (type, key checked as the person types by the same rules as the API,
 * a phone with its punctuation and without +55; optionally the CPF or CNPJ that owns it, which
 * the bank checks, and the recipient's name) or to a bank account (the bank by name), and the amount. The form holds one
 * Idempotency-Key from the moment it opens: a double click or a resubmission after a lost
 * answer sends the same key, and the API creates one withdrawal.
 */
export function CreateWithdrawalForm({ balance }: { balance: string }) {
  const t = useTranslations("merchantWithdrawals");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [kind, setKind] = useState<"KEY" | "ACCOUNT">("KEY");
  const [keyType, setKeyType] = useState<PixKeyType>("CPF");
  const [recipientDocument, setRecipientDocument] = useState("");
  const [recipientName, setRecipientName] = useState("");
  const [account, setAccount] = useState<BankAccountDraft>(EMPTY_BANK_ACCOUNT);
  const [submitted, setSubmitted] = useState(false);
  const checkAccount = useBankAccountCheck();
  const [key, setKey] = useState("");
  const [amount, setAmount] = useState("");
  // Empty: sent once approved; else a day typed as dd/mm/aaaa, given here as yyyy-mm-dd when whole.
  const [scheduledFor, setScheduledFor] = useState("");
  const [touched, setTouched] = useState({ key: false, amount: false });
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const typeName = usePixKeyTypeName();
  const keyCheck = key.trim() ? checkPixKeyInput(keyType, key) : null;
  const keyError = !keyCheck
    ? touched.key
      ? t("create.keyRequired")
      : undefined
    : !keyCheck.ok
      ? keyCheck.looksLike
        ? t("create.keyLooksLike", {
            type: typeName(keyType),
            expected: t(`create.expected.${keyType}`),
            other: typeName(keyCheck.looksLike),
          })
        : t("create.keyInvalid", { type: typeName(keyType), expected: t(`create.expected.${keyType}`) })
      : undefined;
  const documentCheck = recipientDocument.trim() ? canonicalDocument(recipientDocument.trim()) : null;
  const recipientDocumentError = documentCheck && !documentCheck.ok ? t("create.recipientDocumentInvalid") : undefined;
  const accountCheck = checkAccount(account);
  const centavos = parseMoneyInput(amount);
  const available = moneyToCentavos(balance);
  const amountError = !amount.trim()
    ? touched.amount
      ? t("create.amountRequired")
      : undefined
    : centavos === null
      ? t("create.amountInvalid")
      : centavos < MIN_CENTAVOS
        ? t("create.amountTooSmall")
        : centavos > available
          ? t("create.amountOverBalance", { balance: formatBRL(balance) })
          : undefined;

  const today = saoPauloDay();
  const lastDay = daysAhead(today, MAX_DAYS_AHEAD);
  const scheduleError =
    scheduledFor === ""
      ? undefined
      : !ISO_DAY.test(scheduledFor)
        ? scheduledFor.length >= 10 || submitted
          ? t("create.scheduledForInvalid")
          : undefined
        : scheduledFor < today
          ? t("create.scheduledForPast")
          : scheduledFor > lastDay
            ? t("create.scheduledForTooFar", { days: MAX_DAYS_AHEAD })
            : undefined;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched({ key: true, amount: true });
    setSubmitted(true);
    const destinationOk =
      kind === "KEY" ? Boolean(keyCheck?.ok) && !recipientDocumentError : accountCheck.input !== null;
    if (!destinationOk || centavos === null || amountError || scheduleError || inFlight.current) return;
    const schedule = scheduledFor === "" ? null : scheduledFor;
    inFlight.current = true;
    setBusy(true);
    setFormError(null);
    try {
      const { createWithdrawal } = await execute(CreateMerchantWithdrawalDocument, {
        idempotencyKey,
        input:
          kind === "ACCOUNT"
            ? { amount: centavosToMoney(centavos), bankAccount: accountCheck.input, scheduledFor: schedule }
            : {
                amount: centavosToMoney(centavos),
                pixKey: keyCheck?.ok ? keyCheck.key : "",
                pixKeyType: keyType as ApiPixKeyType,
                recipientDocument: documentCheck?.ok ? documentCheck.document : null,
                recipientName: recipientName.trim() || null,
                scheduledFor: schedule,
              },
      });
      toast.success(t("create.requested", { reference: createWithdrawal.withdrawalReference }));
      router.push(`/m/withdrawals/${createWithdrawal.id}`);
    } catch (error) {
      setFormError(errorMessage(error));
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t("create.formLabel")}>
      <FormError message={formError} />
      <Field label={t("create.destinationKind")}>
        {(control) => (
          <Select value={kind} onValueChange={(value) => setKind(value as "KEY" | "ACCOUNT")}>
            <SelectTrigger {...control} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="KEY">{t("create.kinds.KEY")}</SelectItem>
              <SelectItem value="ACCOUNT">{t("create.kinds.ACCOUNT")}</SelectItem>
            </SelectContent>
          </Select>
        )}
      </Field>
      {kind === "ACCOUNT" ? (
        <BankAccountFields draft={account} onChange={setAccount} errors={submitted ? accountCheck.errors : {}} />
      ) : (
        <>
          <Field label={t("create.keyType")}>
            {(control) => (
              <Select
                value={keyType}
                onValueChange={(value) => {
                  setKeyType(value as PixKeyType);
                  setTouched((current) => ({ ...current, key: false }));
                }}
              >
                <SelectTrigger {...control} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PIX_KEY_TYPES.map((type) => (
                    <SelectItem key={type} value={type}>
                      {typeName(type)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          <Field
            label={t("create.key")}
            error={keyError}
            hint={
              keyCheck?.ok
                ? t("create.keyValid", { type: typeName(keyType), key: formatPixKey(keyType, keyCheck.key) })
                : t("create.keyExample", { example: EXAMPLES[keyType] })
            }
          >
            {(control) => (
              <Input
                {...control}
                value={key}
                autoComplete="off"
                spellCheck={false}
                inputMode={keyType === "TELEFONE" ? "tel" : keyType === "EMAIL" ? "email" : undefined}
                placeholder={EXAMPLES[keyType]}
                onChange={(event) => setKey(event.target.value)}
                onBlur={() => setTouched((current) => ({ ...current, key: true }))}
              />
            )}
          </Field>
          <Field
            label={t("create.recipientDocument")}
            error={recipientDocumentError}
            hint={t("create.recipientDocumentHint")}
          >
            {(control) => (
              <Input
                {...control}
                value={recipientDocument}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => setRecipientDocument(event.target.value)}
              />
            )}
          </Field>
          <Field label={t("create.recipientName")} hint={t("create.recipientNameHint")}>
            {(control) => (
              <Input
                {...control}
                value={recipientName}
                maxLength={140}
                autoComplete="off"
                onChange={(event) => setRecipientName(event.target.value)}
              />
            )}
          </Field>
        </>
      )}
      <Field
        label={t("create.amount")}
        error={amountError}
        hint={t("create.amountHint", { balance: formatBRL(balance) })}
      >
        {(control) => (
          <Input
            {...control}
            value={amount}
            inputMode="decimal"
            autoComplete="off"
            onChange={(event) => setAmount(event.target.value)}
            onBlur={() => setTouched((current) => ({ ...current, amount: true }))}
          />
        )}
      </Field>
      <Field label={t("create.scheduledFor")} error={scheduleError} hint={t("create.scheduledForHint")}>
        {(control) => (
          <DayInput
            {...control}
            value={scheduledFor}
            onValue={setScheduledFor}
            min={today}
            max={lastDay}
            className="h-9 w-full sm:w-40"
          />
        )}
      </Field>
      <Button type="submit" disabled={busy} className="sm:justify-self-start">
        {busy && <LoaderIcon className="animate-spin" aria-hidden />}
        {busy
          ? t("create.submitting")
          : centavos !== null && !amountError
            ? t("create.submitAmount", { amount: formatBRL(centavos) })
            : t("create.submit")}
      </Button>
    </form>
  );
}
