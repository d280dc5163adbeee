"use client";

import { PIX_KEY_TYPES, type PixKeyType } from "@server/withdrawals/pix-key";
import { canonicalDocument } from "@server/withdrawals/recipients";
import { useQuery } from "@tanstack/react-query";
import { LoaderIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { MoneyConfirmDialog, type MoneyFacts } from "@/components/confirm-dialogs";
import { usePixKeyTypeName } from "@/components/pix-key-type-name";
import { Button } from "@/components/ui/button";
import { DayInput } from "@/components/ui/day-input";
import { Field } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/toast";
import type { PixKeyType as ApiPixKeyType } from "@/gql/graphql";
import {
  centavosToMoney,
  formatBRL,
  formatCalendarDay,
  formatPixKey,
  moneyToCentavos,
  parseMoneyInput,
  saoPauloDay,
} from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useDestinationText } from "../withdrawals/destination";
import {
  type BankAccountDraft,
  BankAccountFields,
  EMPTY_BANK_ACCOUNT,
  useBankAccountCheck,
} from "./bank-account-fields";
import { CreateMerchantWithdrawalDocument, PixParticipantsDocument } from "./documents";
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
 * the bank checks, and the recipient's name) or to a bank account (the bank by name), and the amount. Nothing is sent
 * before a review names the amount, the destination (formatted, the bank by name) and the holder declared; "Voltar"
 * goes back to the form. The form holds one
 * Idempotency-Key from the moment it opens: a double click or a resubmission after a lost
 * answer sends the same key, and the API creates one withdrawal.
 */
export function CreateWithdrawalForm({ balance }: { balance: string }) {
  const t = useTranslations("merchantWithdrawals");
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
  const [review, setReview] = useState<MoneyFacts | null>(null);
  const [sent, setSent] = useState(false);
  const destinationText = useDestinationText();
  // The same cached list the bank select shows: the review names the bank, not its ISPB.
  const participants = useQuery({
    queryKey: ["PixParticipants"],
    queryFn: () => execute(PixParticipantsDocument, {}),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: kind === "ACCOUNT",
  });

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

  const input = () => {
    if (centavos === null || scheduleError) return null;
    const schedule = scheduledFor === "" ? null : scheduledFor;
    if (kind === "ACCOUNT") {
      return accountCheck.input
        ? { amount: centavosToMoney(centavos), bankAccount: accountCheck.input, scheduledFor: schedule }
        : null;
    }
    if (!keyCheck?.ok || recipientDocumentError) return null;
    return {
      scheduledFor: schedule,
      amount: centavosToMoney(centavos),
      pixKey: keyCheck.key,
      pixKeyType: keyType as ApiPixKeyType,
      recipientDocument: documentCheck?.ok ? documentCheck.document : null,
      recipientName: recipientName.trim() || null,
    };
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched({ key: true, amount: true });
    setSubmitted(true);
    const checked = input();
    if (!checked || amountError || sent) return;
    const bankAccount = checked.bankAccount;
    const bank = bankAccount && participants.data?.pixParticipants.find((each) => each.ispb === bankAccount.ispb);
    setReview({
      account: null,
      amount: checked.amount,
      destination: destinationText({
        pixKeyType: checked.pixKeyType ?? null,
        pixKey: checked.pixKey ?? null,
        bankAccount,
        recipient: bankAccount
          ? { institution: bank?.name ?? t("create.review.bankUnknown", { ispb: bankAccount.ispb }) }
          : null,
      }),
      declaredRecipient: bankAccount
        ? { name: bankAccount.holderName, document: bankAccount.holderDocument }
        : { name: checked.recipientName ?? null, document: checked.recipientDocument ?? null },
      scheduledFor: checked.scheduledFor ? formatCalendarDay(checked.scheduledFor) : null,
    });
  };

  const send = async () => {
    const checked = input();
    if (!checked) return;
    const { createWithdrawal } = await execute(CreateMerchantWithdrawalDocument, { idempotencyKey, input: checked });
    setSent(true);
    toast.success(t("create.requested", { reference: createWithdrawal.withdrawalReference }));
    router.push(`/m/withdrawals/${createWithdrawal.id}`);
  };

  // The review is a sibling of the form, not inside it: its own form's submit must not bubble (through the portal) to this one.
  return (
    <>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t("create.formLabel")}>
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
        <Button type="submit" disabled={sent} className="sm:justify-self-start">
          {sent && <LoaderIcon className="animate-spin" aria-hidden />}
          {sent
            ? t("create.submitting")
            : centavos !== null && !amountError
              ? t("create.submitAmount", { amount: formatBRL(centavos) })
              : t("create.submit")}
        </Button>
      </form>
      <MoneyConfirmDialog
        open={review !== null}
        onOpenChange={(open) => !open && setReview(null)}
        title={t("create.review.title")}
        description={t("create.review.description")}
        facts={review}
        cancelLabel={t("create.review.back")}
        confirmLabel={t("create.review.confirm")}
        footnote={t("create.review.footnote")}
        onConfirm={send}
      />
    </>
  );
}
