"use client";

import { LoaderIcon, PlusIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Field, FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { TabsNav } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { centavosToMoney, formatBRL, parseMoneyInput } from "@/lib/format";
import { errorMessage, execute } from "@/lib/graphql/execute";
import { CreateAdjustmentDocument } from "./documents";

/**
 * A manual credit or debit with a required reason. Above the maker-checker limit the API
 * answers REQUESTED: the money moves only once a second operator confirms it.
 */
export function CreateAdjustmentDialog({
  companies,
  defaultCompany,
}: {
  companies: Array<{ id: string; name: string }>;
  defaultCompany: string | null;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [direction, setDirection] = useState<"credit" | "debit">("credit");
  const [company, setCompany] = useState(defaultCompany ?? "");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const centavos = parseMoneyInput(amount);
  const amountError =
    amount && (centavos === null || centavos <= 0n) ? "Write a positive amount, e.g. 150,00" : undefined;
  const valid = company && centavos !== null && centavos > 0n && reason.trim().length >= 3;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid || centavos === null) return;
    setPending(true);
    setError(null);
    try {
      const signed = direction === "debit" ? -centavos : centavos;
      const { createAdjustment } = await execute(CreateAdjustmentDocument, {
        companyId: company,
        amount: centavosToMoney(signed),
        description: reason.trim(),
      });
      toast.success(
        createAdjustment.status === "REQUESTED"
          ? `${direction === "credit" ? "Credit" : "Debit"} of ${formatBRL(centavos)} requested`
          : `${direction === "credit" ? "Credited" : "Debited"} ${formatBRL(centavos)}`,
        {
          description:
            createAdjustment.status === "REQUESTED"
              ? "Above the four-eyes limit: a second operator must confirm it."
              : "The balance moved now.",
        },
      );
      setOpen(false);
      setAmount("");
      setReason("");
      router.refresh();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button size="sm">
          <PlusIcon aria-hidden /> New adjustment
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>New adjustment</DialogTitle>
            <DialogDescription>
              A manual credit or debit of a company’s balance. The reason is kept in the ledger and the audit log.
            </DialogDescription>
          </DialogHeader>
          <TabsNav
            label="Credit or debit"
            value={direction}
            options={[
              { value: "credit", label: "Credit" },
              { value: "debit", label: "Debit" },
            ]}
            onChange={setDirection}
          />
          <Field label="Company">
            {(control) => (
              <Select value={company} onValueChange={setCompany}>
                <SelectTrigger {...control} className="w-full">
                  <SelectValue placeholder="Choose a company" />
                </SelectTrigger>
                <SelectContent>
                  {companies.map((c) => (
                    <SelectItem key={c.id} value={c.id}>
                      {c.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          <Field label="Amount (R$)" error={amountError} hint="e.g. 1.234,56">
            {(control) => (
              <Input {...control} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
            )}
          </Field>
          <Field label="Reason" hint="At least 3 characters; the merchant sees it on the statement.">
            {(control) => <Textarea {...control} value={reason} onChange={(e) => setReason(e.target.value)} rows={3} />}
          </Field>
          <FormError message={error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!valid || pending}>
              {pending && <LoaderIcon className="animate-spin" aria-hidden />}
              {direction === "credit" ? "Credit" : "Debit"} {centavos && centavos > 0n ? formatBRL(centavos) : ""}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
