"use client";

import { RefreshCwIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
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
import { errorMessage, execute } from "@/lib/graphql/execute";
import { RotateWebhookSecretDocument } from "./documents";

/**
 * A new signing secret. The API shows it only in its answer, so it is shown here once, in a
 * dialog the person closes when they have stored it; events created from now on use it.
 */
export function RotateSecret({ hint }: { hint: string }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rotate = async () => {
    setBusy(true);
    try {
      const { rotateWebhookSecret } = await execute(RotateWebhookSecretDocument);
      setConfirming(false);
      setSecret(rotateWebhookSecret.webhookSecret);
    } catch (error) {
      toast.error("Could not rotate the secret", { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm">
        Signing secret <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{hint}</code>
      </p>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        <RefreshCwIcon aria-hidden /> Rotate secret
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Rotate the signing secret?</DialogTitle>
            <DialogDescription>
              Events created from now on are signed with a new secret. Update your receiver right after: it will reject
              events until it checks signatures with the new one.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Keep current secret
            </Button>
            <Button onClick={() => void rotate()} disabled={busy}>
              Rotate secret
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ShownOnceDialog
        value={secret}
        title="Your new signing secret"
        copyLabel="Copy secret"
        testId="new-webhook-secret"
        onClose={() => {
          setSecret(null);
          router.refresh();
        }}
      />
    </div>
  );
}
