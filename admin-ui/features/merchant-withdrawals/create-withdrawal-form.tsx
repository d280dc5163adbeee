"use client";

// The server's own rules: the form checks the key as the person types; the API checks it again.
import { canonicalizePixKey, PIX_KEY_TYPES, type PixKeyType } from "@server/withdrawals/pix-key";
import { LoaderIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Field, FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { PixKeyType as ApiPixKeyType } from "@/gql/graphql";
import { centavosToMoney, formatBRL, moneyToCentavos, parseMoneyInput } from "@/lib/format";
import { errorMessage, execute } from "@/lib/graphql/execute";
import { keyTypeLabel } from "../withdrawals/key-types";
import { CreateMerchantWithdrawalDocument } from "./documents";

const PLACEHOLDERS: Record<PixKeyType, string> = {
  CPF: "529.982.247-25",
  CNPJ: "12.345.678/0001-95",
  EMAIL: "financeiro@empresa.com.br",
  TELEFONE: "+5511987654321",
  ALEATORIA: "123e4567-e89b-12d3-a456-426614174000",
};

const MIN_CENTAVOS = 100n;

/**
 * A withdrawal: key type, key (checked as the person types, by the same rules as the API),
 * amount. The form holds one Idempotency-Key from the moment it opens: a double click or a
 * resubmission after a lost answer sends the same key, and the API creates one withdrawal.
 */
export function CreateWithdrawalForm({ balance }: { balance: string }) {
  const router = useRouter();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [keyType, setKeyType] = useState<PixKeyType>("CPF");
  const [key, setKey] = useState("");
  const [amount, setAmount] = useState("");
  const [touched, setTouched] = useState({ key: false, amount: false });
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const keyCheck = key.trim() ? canonicalizePixKey(keyType, key.trim()) : null;
  const keyError = !key.trim()
    ? touched.key
      ? "Enter the destination key."
      : undefined
    : keyCheck && !keyCheck.ok
      ? keyCheck.message.replace(/^pix_key/, "The key")
      : undefined;
  const centavos = parseMoneyInput(amount);
  const available = moneyToCentavos(balance);
  const amountError = !amount.trim()
    ? touched.amount
      ? "Enter an amount."
      : undefined
    : centavos === null
      ? "Enter an amount such as 250,00."
      : centavos < MIN_CENTAVOS
        ? "The smallest withdrawal is R$ 1,00."
        : centavos > available
          ? `More than your available balance of ${formatBRL(balance)}.`
          : undefined;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched({ key: true, amount: true });
    if (!keyCheck?.ok || centavos === null || amountError || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setFormError(null);
    try {
      const { createWithdrawal } = await execute(CreateMerchantWithdrawalDocument, {
        idempotencyKey,
        input: { amount: centavosToMoney(centavos), pixKey: keyCheck.key, pixKeyType: keyType as ApiPixKeyType },
      });
      toast.success(`Withdrawal ${createWithdrawal.withdrawalReference} requested`);
      router.push(`/m/withdrawals/${createWithdrawal.id}`);
    } catch (error) {
      setFormError(errorMessage(error));
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="New withdrawal">
      <FormError message={formError} />
      <Field label="Key type">
        {(control) => (
          <Select
            value={keyType}
            onValueChange={(value) => {
              setKeyType(value as PixKeyType);
              setTouched((t) => ({ ...t, key: false }));
            }}
          >
            <SelectTrigger {...control} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PIX_KEY_TYPES.map((type) => (
                <SelectItem key={type} value={type}>
                  {keyTypeLabel(type)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <Field
        label="PIX key"
        error={keyError}
        hint={keyCheck?.ok ? `Valid ${keyTypeLabel(keyType)} key: ${keyCheck.key}` : `e.g. ${PLACEHOLDERS[keyType]}`}
      >
        {(control) => (
          <Input
            {...control}
            value={key}
            autoComplete="off"
            spellCheck={false}
            placeholder={PLACEHOLDERS[keyType]}
            onChange={(event) => setKey(event.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, key: true }))}
          />
        )}
      </Field>
      <Field
        label="Amount (R$)"
        error={amountError}
        hint={`Available: ${formatBRL(balance)}. The smallest withdrawal is R$ 1,00.`}
      >
        {(control) => (
          <Input
            {...control}
            value={amount}
            inputMode="decimal"
            autoComplete="off"
            onChange={(event) => setAmount(event.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, amount: true }))}
          />
        )}
      </Field>
      <Button type="submit" disabled={busy} className="sm:justify-self-start">
        {busy && <LoaderIcon className="animate-spin" aria-hidden />}
        {busy ? "Requesting…" : centavos !== null && !amountError ? `Withdraw ${formatBRL(centavos)}` : "Withdraw"}
      </Button>
    </form>
  );
}
