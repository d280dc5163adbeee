"use client";

import { RefreshCwIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ShownOnceDialog } from "@/components/shown-once-dialog";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
import { RotateWebhookSecretDocument } from "./documents";

/**
 * A new signing secret. The API shows it only in its answer, so it is shown here once, in a
 * dialog the person closes when they have stored it; events created from now on use it.
 */
export function RotateSecret({ hint }: { hint: string }) {
  const t = useTranslations("merchantWebhooks.rotate");
  const router = useRouter();
  const { run, busy } = useAction();
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  // The page is read again once the secret was stored and its dialog closed.
  const rotate = () =>
    run(() => execute(RotateWebhookSecretDocument), {
      failure: t("failed"),
      refresh: false,
      onSuccess: ({ rotateWebhookSecret }) => {
        setConfirming(false);
        setSecret(rotateWebhookSecret.webhookSecret);
      },
    });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm">
        {t.rich("current", {
          hint,
          code: (chunks) => <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{chunks}</code>,
        })}
      </p>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        <RefreshCwIcon aria-hidden /> {t("open")}
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t("title")}</DialogTitle>
            <DialogDescription>{t("description")}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {t("keep")}
            </Button>
            <Button onClick={() => void rotate()} disabled={busy}>
              {t("confirm")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ShownOnceDialog
        value={secret}
        title={t("shownTitle")}
        description={t("shownDescription")}
        copyLabel={t("copy")}
        doneLabel={t("done")}
        testId="new-webhook-secret"
        onClose={() => {
          setSecret(null);
          router.refresh();
        }}
      />
    </div>
  );
}
