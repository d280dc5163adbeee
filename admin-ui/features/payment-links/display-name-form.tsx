"use client";

import { LoaderIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
import { UpdatePayerPageSettingsDocument } from "./documents";

/** The name payers see on the account's payers' pages and links (blank: the account's own name). */
export function DisplayNameForm({ current, canManage }: { current: string | null; canManage: boolean }) {
  const t = useTranslations("paymentLinks.displayName");
  const { run, busy, error: formError } = useAction();
  const [name, setName] = useState(current ?? "");
  const tooLong = [...name.trim()].length > 60;
  const unchanged = name.trim() === (current ?? "");

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    await run(() => execute(UpdatePayerPageSettingsDocument, { displayName: name.trim() || null }), {
      success: t("saved"),
      inForm: true,
    });
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
