"use client";

import { LoaderIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Field, FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { errorMessage, execute } from "@/lib/graphql/execute";
import { UpdateWebhookUrlDocument } from "./documents";

/** The shape the API accepts; whether the address is public is decided by the API (see the rules beside). */
export function webhookUrlProblem(text: string): string | null {
  if (!text.trim()) return null;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return "Enter a full URL such as https://example.com/pix/webhook.";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "The URL must start with https:// or http://.";
  if (url.username || url.password) return "Leave user names and passwords out of the URL.";
  if (url.hash) return "Leave the #fragment out: it is never sent.";
  return null;
}

export function WebhookUrlForm({ current }: { current: string | null }) {
  const router = useRouter();
  const [url, setUrl] = useState(current ?? "");
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const problem = webhookUrlProblem(url);
  const unchanged = url.trim() === (current ?? "");

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (problem) return;
    setBusy(true);
    setFormError(null);
    try {
      await execute(UpdateWebhookUrlDocument, { url: url.trim() || null });
      toast.success(url.trim() ? "Webhook URL saved" : "Webhook URL removed");
      router.refresh();
    } catch (error) {
      setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={save} noValidate className="grid gap-3" aria-label="Webhook URL">
      <FormError message={formError} />
      <Field
        label="Webhook URL"
        error={problem ?? undefined}
        hint="We POST every event here as JSON. Leave empty to stop sending."
      >
        {(control) => (
          <Input
            {...control}
            type="url"
            value={url}
            placeholder="https://example.com/pix/webhook"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setUrl(event.target.value)}
          />
        )}
      </Field>
      <div className="flex gap-2">
        <Button type="submit" disabled={busy || Boolean(problem) || unchanged}>
          {busy && <LoaderIcon className="animate-spin" aria-hidden />}
          Save URL
        </Button>
      </div>
    </form>
  );
}
