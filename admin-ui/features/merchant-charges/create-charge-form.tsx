"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field, FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { centavosToMoney, formatBRL, parseMoneyInput } from "@/lib/format";
import { errorMessage, execute } from "@/lib/graphql/execute";
import { CreateMerchantChargeDocument } from "./documents";

/** How long a payer has, in the seconds the API takes (60 to 2,592,000). */
export const EXPIRY_CHOICES = [
  { seconds: 900, label: "15 minutes" },
  { seconds: 3600, label: "1 hour" },
  { seconds: 86_400, label: "24 hours" },
  { seconds: 604_800, label: "7 days" },
  { seconds: 2_592_000, label: "30 days" },
] as const;

const MAX_CENTAVOS = 9_999_999_999n;

const schema = z.object({
  amount: z.string().superRefine((text, ctx) => {
    const centavos = parseMoneyInput(text);
    if (centavos === null) ctx.addIssue({ code: "custom", message: "Enter an amount such as 150,50." });
    else if (centavos < 1n) ctx.addIssue({ code: "custom", message: "The amount must be at least R$ 0,01." });
    else if (centavos > MAX_CENTAVOS) ctx.addIssue({ code: "custom", message: "At most R$ 99.999.999,99." });
  }),
  description: z.string().trim().max(140, "At most 140 characters."),
  expiresIn: z.string(),
});
type Values = z.infer<typeof schema>;

/**
 * A new charge: amount, what it is for and how long it can be paid. One idempotency key per
 * form, so a double click or a retry after a lost answer creates one charge. On success the
 * charge's page opens with its QR code.
 */
export function CreateChargeForm() {
  const router = useRouter();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { amount: "", description: "", expiresIn: "3600" },
  });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;
  const centavos = parseMoneyInput(form.watch("amount"));

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const amount = parseMoneyInput(values.amount);
    if (amount === null) return;
    try {
      const { createCharge } = await execute(CreateMerchantChargeDocument, {
        idempotencyKey,
        input: {
          amount: centavosToMoney(amount),
          description: values.description.trim() || null,
          expiresIn: Number(values.expiresIn),
        },
      });
      toast.success(`Charge of ${formatBRL(createCharge.amount)} created`);
      router.push(`/m/charges/${createCharge.id}`);
    } catch (error) {
      setFormError(errorMessage(error));
    }
  });

  const busy = isSubmitting || isSubmitSuccessful;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="New charge">
      <FormError message={formError} />
      <Field
        label="Amount (R$)"
        error={errors.amount?.message}
        hint={centavos !== null && centavos > 0n ? `The payer pays ${formatBRL(centavos)}.` : "e.g. 150,50"}
      >
        {(control) => (
          <Input {...control} inputMode="decimal" autoComplete="off" autoFocus {...form.register("amount")} />
        )}
      </Field>
      <Field label="Description" error={errors.description?.message} hint="Shown to the payer in their bank app.">
        {(control) => <Input {...control} maxLength={140} placeholder="Pedido 42" {...form.register("description")} />}
      </Field>
      <Field label="Can be paid for">
        {(control) => (
          <Select value={form.watch("expiresIn")} onValueChange={(value) => form.setValue("expiresIn", value)}>
            <SelectTrigger {...control} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {EXPIRY_CHOICES.map((choice) => (
                <SelectItem key={choice.seconds} value={String(choice.seconds)}>
                  {choice.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <Button type="submit" disabled={busy} className="sm:justify-self-start">
        {busy && <LoaderIcon className="animate-spin" aria-hidden />}
        {busy ? "Creating…" : "Create charge"}
      </Button>
    </form>
  );
}
