"use client";

import { LoaderIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { execute } from "@/lib/graphql/execute";
import { useErrorMessage } from "@/lib/i18n/error-message";
import { UpdatePayerPageSettingsDocument } from "./documents";

/** The name payers see on the account's payers' pages and links (blank: the account's own name). */
export function DisplayNameForm({ current, canManage }: { current: string | null; canManage: boolean }) {
  const t = useTranslations("paymentLinks.displayName");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const [name, setName] = useState(current ?? "");
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const tooLong = [...name.trim()].length > 60;
  const unchanged = name.trim() === (current ?? "");

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    setBusy(true);
    setFormError(null);
    try {
      await execute(UpdatePayerPageSettingsDocument, { displayName: name.trim() || null });
      toast.success(t("saved"));
      router.refresh();
    } catch (error) {
      setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (!canManage) {
    return <p className="text-sm">{current ?? <span className="text-muted-foreground">{t("none")}</span>}</p>;
  }
  return (
    <form onSubmit={save} noValidate className="grid gap-3" aria-label={t("formLabel")}>
      <FormError message={formError} />
      <Field label={t("label")} hint={t("hint")} error={tooLong ? t("tooLong") : undefined}>
        {(control) => (
          <Input {...control} value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
        )}
      </Field>
      <div>
        <Button type="submit" variant="outline" disabled={busy || tooLong || unchanged}>
          {busy && <LoaderIcon className="animate-spin" aria-hidden />}
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
