"use client";

import { KeyRoundIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ShownOnceDialog } from "@/components/shown-once-dialog";
import { Button } from "@/components/ui/button";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
import { RevealStandardWebhookSecretDocument } from "./documents";

/**
 * An older base64url secret, which the Standard Webhooks libraries refuse: its standard-base64
 * form (the same bytes) is the secret itself, so it is shown like a new one, after a step-up.
 */
export function StandardSecret() {
  const t = useTranslations("merchantWebhooks.standardSecret");
  const { run, busy } = useAction();
  const [secret, setSecret] = useState<string | null>(null);
  const reveal = () =>
    run(() => execute(RevealStandardWebhookSecretDocument), {
      failure: t("failed"),
      refresh: false,
      onSuccess: ({ revealStandardWebhookSecret }) => setSecret(revealStandardWebhookSecret.standardBase64Secret),
    });
  return (
    <div className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950">
      <p>{t("notice")}</p>
      <div>
        <Button variant="outline" onClick={() => void reveal()} disabled={busy}>
          <KeyRoundIcon aria-hidden /> {t("reveal")}
        </Button>
      </div>
      <ShownOnceDialog
        value={secret}
        title={t("shownTitle")}
        description={t("shownDescription")}
        copyLabel={t("copy")}
        doneLabel={t("done")}
        testId="standard-webhook-secret"
        onClose={() => setSecret(null)}
      />
    </div>
  );
}
