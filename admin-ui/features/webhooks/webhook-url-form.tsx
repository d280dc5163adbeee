"use client";

import { LoaderIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
import { UpdateWebhookUrlDocument } from "./documents";

type UrlProblem = "notUrl" | "scheme" | "credentials" | "fragment";

/**
 * What is wrong with the URL's shape (`merchantWebhooks.urlForm.problems.<key>`), or null;
 * whether the address is public is decided by the API (see the rules beside).
 */
export function webhookUrlProblem(text: string): UrlProblem | null {
  if (!text.trim()) return null;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return "notUrl";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "scheme";
  if (url.username || url.password) return "credentials";
  if (url.hash) return "fragment";
  return null;
}

export function WebhookUrlForm({ current }: { current: string | null }) {
  const t = useTranslations("merchantWebhooks.urlForm");
  const { run, busy, error: formError } = useAction();
  const [url, setUrl] = useState(current ?? "");
  const problem = webhookUrlProblem(url);
  const unchanged = url.trim() === (current ?? "");

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (problem) return;
    await run(() => execute(UpdateWebhookUrlDocument, { url: url.trim() || null }), {
      success: url.trim() ? t("saved") : t("removed"),
      inForm: true,
    });
  };

  return (
    <form onSubmit={save} noValidate className="grid gap-3" aria-label={t("formLabel")}>
      <FormError message={formError} />
      <Field label={t("label")} error={problem ? t(`problems.${problem}`) : undefined} hint={t("hint")}>
        {(control) => (
          <Input
            {...control}
            type="url"
            value={url}
            placeholder={t("placeholder")}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setUrl(event.target.value)}
          />
        )}
      </Field>
      <div className="flex gap-2">
        <Button type="submit" disabled={busy || Boolean(problem) || unchanged}>
          {busy && <LoaderIcon className="animate-spin" aria-hidden />}
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
