import { TriangleAlertIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { MoneyFacts } from "@/components/confirm-dialogs";
import { usePixKeyTypeName } from "@/components/pix-key-type-name";
import type { BankAccountType, PixKeyType, RecipientWarning } from "@/gql/graphql";
import { formatBankAccount, formatPixKey } from "@/lib/format";

/** What a withdrawal says of where its money goes: a key, or an account. */
export interface DestinationSource {
  pixKeyType: PixKeyType | null;
  pixKey: string | null;
  bankAccount?: { ispb: string; branch: string; account: string; accountType: BankAccountType } | null;
  recipient?: { institution: string | null } | null;
}

/** A destination as two short lines: the key (or branch and account) and what it is. */
export interface DestinationText {
  main: string;
  detail: string;
}

/**
 * How a destination reads: a key formatted (CPF, phone…) over its type's name; an account as
 * `Ag. 0001 · Conta 12345-6` over its institution (the bank's name when known, else its ISPB)
 * and kind (conta corrente, poupança, conta de pagamento).
 */
export function useDestinationText(): (source: DestinationSource) => DestinationText {
  const t = useTranslations("withdrawals.destinationText");
  const keyType = usePixKeyTypeName();
  return (source) => {
    const account = source.bankAccount;
    if (account) {
      const institution = source.recipient?.institution ?? t("ispb", { ispb: account.ispb });
      return {
        main: t("account", { branch: account.branch, account: formatBankAccount(account.account) }),
        detail: `${institution} · ${t(`accountTypes.${account.accountType}`)}`,
      };
    }
    const type = source.pixKeyType ?? "";
    return { main: formatPixKey(type, source.pixKey ?? ""), detail: keyType(type) };
  };
}

/** The destination in a table cell or a card: the key or account in monospace, its kind below. */
export function WithdrawalDestination({ source, className }: { source: DestinationSource; className?: string }) {
  const text = useDestinationText()(source);
  return (
    <div className={className ?? "flex max-w-56 flex-col"}>
      <span className="truncate font-mono text-xs" title={text.main}>
        {text.main}
      </span>
      <span className="truncate text-xs text-muted-foreground" title={text.detail}>
        {text.detail}
      </span>
    </div>
  );
}

/** The messages of the warnings the API raises about a withdrawal's recipient. */
export function useRecipientWarningText(): (warning: RecipientWarning) => string {
  const t = useTranslations("withdrawals.recipient.warnings");
  return (warning) => t(warning);
}

/** What a withdrawal's confirmations show: the account, the amount, the destination and the holder. */
export interface WithdrawalFactsSource extends DestinationSource {
  amount: string;
  recipient?: { name: string; document: string; institution: string | null } | null;
  recipientWarnings?: RecipientWarning[];
}

export function useWithdrawalFacts(): (withdrawal: WithdrawalFactsSource, account: string) => MoneyFacts {
  const destination = useDestinationText();
  const warningText = useRecipientWarningText();
  return (withdrawal, account) => ({
    account,
    amount: withdrawal.amount,
    destination: destination(withdrawal),
    recipient: withdrawal.recipient
      ? { ...withdrawal.recipient, warnings: (withdrawal.recipientWarnings ?? []).map(warningText) }
      : null,
  });
}

/**
 * The holder the bank tells, in a row of the queue: the name (a warning sign and its words
 * when it is not the declared recipient), or nothing while the bank has not said.
 */
export function RecipientLine({
  recipient,
  warnings,
}: {
  recipient: { name: string } | null | undefined;
  warnings: RecipientWarning[] | undefined;
}) {
  const t = useTranslations("withdrawals.recipient");
  const warningText = useRecipientWarningText();
  if (!recipient) return null;
  const said = (warnings ?? []).map(warningText).join(" ");
  return (
    <span className="flex min-w-0 items-center gap-1 text-xs" data-testid="recipient-line">
      {said && <TriangleAlertIcon className="size-3.5 shrink-0 text-amber-600" aria-hidden />}
      <span className="truncate" title={said ? `${recipient.name}: ${said}` : recipient.name}>
        <span className="sr-only">{t("title")}: </span>
        {recipient.name}
      </span>
      {said && (
        <span className="sr-only" data-testid="recipient-warning">
          {said}
        </span>
      )}
    </span>
  );
}

/** The approval toast's words: to a key, or to an account. */
export function approvedDescriptionMessage(source: DestinationSource) {
  return source.bankAccount ? "approve.approvedDescriptionAccount" : "approve.approvedDescription";
}

/** The holder the bank tells on a withdrawal's page, with the declared name and the warnings. */
export function RecipientDetails({
  withdrawal,
}: {
  withdrawal: {
    recipient?: { name: string; document: string; institution: string | null } | null;
    recipientName?: string | null;
    recipientWarnings?: RecipientWarning[];
  };
}) {
  const t = useTranslations("withdrawals.recipient");
  const warningText = useRecipientWarningText();
  const { recipient } = withdrawal;
  if (!recipient) return <span className="text-xs text-muted-foreground">{t("unknown")}</span>;
  return (
    <div className="flex flex-col gap-0.5">
      <span className="font-medium">{recipient.name}</span>
      <span className="font-mono text-xs text-muted-foreground">
        {[recipient.document, recipient.institution].filter(Boolean).join(" · ")}
      </span>
      {withdrawal.recipientName && (
        <span className="text-xs text-muted-foreground">{t("declared", { name: withdrawal.recipientName })}</span>
      )}
      {(withdrawal.recipientWarnings ?? []).map((warning) => (
        <span key={warning} className="flex items-start gap-1 text-xs text-amber-700 dark:text-amber-400">
          <TriangleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          {warningText(warning)}
        </span>
      ))}
    </div>
  );
}

/** A destination as the two `<dd>` of a details list: the key or account, then what it is. */
export function DestinationTerms({ source }: { source: DestinationSource }) {
  const text = useDestinationText()(source);
  return (
    <>
      <dd className="font-mono text-xs break-all" data-testid="destination-key">
        {text.main}
      </dd>
      <dd className="text-xs text-muted-foreground">{text.detail}</dd>
    </>
  );
}
