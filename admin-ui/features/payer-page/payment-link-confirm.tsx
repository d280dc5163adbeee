"use client";

import { BanIcon, CheckCircle2Icon, LoaderIcon, TimerOffIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Money } from "@/components/money";
import { Button } from "@/components/ui/button";
import { Field, FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import type { PaymentLinkPageQuery } from "@/gql/graphql";
import { centavosToMoney, formatBRL, moneyToCentavos, parseMoneyInput } from "@/lib/format";
import { execute, GraphQLRequestError } from "@/lib/graphql/execute";
import { ConfirmPaymentLinkDocument } from "./documents";

type LinkPage = PaymentLinkPageQuery["paymentLinkPage"];

/** The words for a refused confirm, by the API's code and reason. */
function problemKey(error: unknown): string {
  if (!(error instanceof GraphQLRequestError)) return "unreachable";
  const reason = error.errors[0]?.reason;
  if (error.code === "RATE_LIMITED") return "rateLimited";
  if (error.code === "NOT_FOUND") return "notFound";
  if (error.code === "INVALID_STATE") return reason === "LINK_IN_USE" ? "inUse" : "notActive";
  if (error.code === "VALIDATION_ERROR" || error.code === "BAD_USER_INPUT") return "amount";
  return "generic";
}

/**
 * A payment link's page: who is paid and for what, the amount (fixed, or typed by the payer
 * within the link's limits), and one button that makes the charge and goes to its payer's page.
 */
export function PaymentLinkConfirm({ link, token }: { link: LinkPage; token: string }) {
  const t = useTranslations("payer.link");
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const fixed = link.amount ?? null;
  const min = link.minAmount ? moneyToCentavos(link.minAmount) : null;
  const max = link.maxAmount ? moneyToCentavos(link.maxAmount) : null;
  const cents = fixed === null ? parseMoneyInput(typed) : null;
  const amountProblem =
    fixed !== null || typed.trim() === ""
      ? null
      : cents === null || cents <= 0n
        ? t("amountNotMoney")
        : (min !== null && cents < min) || (max !== null && cents > max)
          ? t("amountOutOfRange", { min: formatBRL(min ?? 1n), max: formatBRL(max ?? 1n) })
          : null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (fixed === null && (cents === null || amountProblem)) {
      setProblem(t("problems.amount"));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const { confirmPaymentLink } = await execute(ConfirmPaymentLinkDocument, {
        token,
        amount: fixed === null && cents !== null ? centavosToMoney(cents) : null,
      });
      // Same origin: the path of the payer's page.
      window.location.assign(new URL(confirmPaymentLink.paymentUrl).pathname);
    } catch (error) {
      setProblem(t(`problems.${problemKey(error)}` as "problems.generic"));
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="link-title" className="w-full space-y-5">
      <header className="space-y-1 text-center">
        <p className="text-sm text-muted-foreground">{t("payTo")}</p>
        <h1 id="link-title" className="text-lg font-semibold break-words" data-testid="account-name">
          {link.accountName}
        </h1>
        <p className="text-sm break-words text-muted-foreground">{link.description}</p>
      </header>
      {link.status === "ACTIVE" ? (
        <form onSubmit={submit} noValidate className="space-y-4" aria-label={t("formLabel")}>
          <FormError message={problem} />
          {fixed !== null ? (
            <div className="space-y-1 text-center">
              <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t("amount")}</p>
              <p className="text-3xl font-semibold" data-testid="amount">
                <Money value={fixed} />
              </p>
            </div>
          ) : (
            <Field
              label={t("typeAmount")}
              error={amountProblem ?? undefined}
              hint={t("amountRange", { min: formatBRL(min ?? 100n), max: formatBRL(max ?? 1n) })}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0,00"
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                  className="text-lg"
                />
              )}
            </Field>
          )}
          <Button type="submit" className="w-full" size="lg" disabled={busy}>
            {busy && <LoaderIcon className="animate-spin" aria-hidden />}
            {t("confirm")}
          </Button>
          <p className="text-center text-xs text-muted-foreground">{t("confirmHint")}</p>
        </form>
      ) : (
        <div
          role="status"
          data-testid="link-status"
          data-status={link.status}
          className="flex flex-col items-center gap-2 rounded-md bg-status-neutral-bg px-3 py-6 text-center text-status-neutral"
        >
          {link.status === "COMPLETED" ? (
            <CheckCircle2Icon className="size-10" aria-hidden />
          ) : link.status === "EXPIRED" ? (
            <TimerOffIcon className="size-10" aria-hidden />
          ) : (
            <BanIcon className="size-10" aria-hidden />
          )}
          <p className="text-base font-semibold">{t(`status.${link.status}` as "status.INACTIVE")}</p>
          <p className="text-sm">{t("statusHint")}</p>
        </div>
      )}
    </section>
  );
}
