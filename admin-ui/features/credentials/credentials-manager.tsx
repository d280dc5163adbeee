"use client";

import { KeyRoundIcon, PlusIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { DateTime } from "@/components/date-time";
import { ShownOnceDialog } from "@/components/shown-once-dialog";
import { EmptyState } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Field } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { MerchantCredentialsQuery } from "@/gql/graphql";
import { errorMessage, execute } from "@/lib/graphql/execute";
import { IssueMerchantSecretDocument, RevokeMerchantSecretDocument } from "./documents";

type Credential = MerchantCredentialsQuery["clientCredentials"][number];

const EXPIRY_DAYS = [
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "1 year" },
  { value: "never", label: "Never" },
] as const;

function credentialState(
  credential: Credential,
  now: number,
): { label: string; variant: "success" | "neutral" | "danger" } {
  if (credential.revokedAt) return { label: "Revoked", variant: "neutral" };
  if (credential.expiresAt && Date.parse(credential.expiresAt) <= now) return { label: "Expired", variant: "danger" };
  return { label: "Active", variant: "success" };
}

/**
 * The account's API client secrets: issue one (with an expiry), shown once in a dialog, and
 * revoke one; the list shows only each secret's first characters.
 */
export function CredentialsManager({ credentials, now }: { credentials: Credential[]; now: number }) {
  const router = useRouter();
  const [issuing, setIssuing] = useState(false);
  const [expiry, setExpiry] = useState<string>("90");
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<Credential | null>(null);
  const [busy, setBusy] = useState(false);

  const issue = async () => {
    setBusy(true);
    try {
      const expiresAt = expiry === "never" ? null : new Date(Date.now() + Number(expiry) * 86_400_000).toISOString();
      const { issueClientSecret } = await execute(IssueMerchantSecretDocument, { expiresAt });
      setIssuing(false);
      setSecret(issueClientSecret.clientSecret);
    } catch (error) {
      toast.error("Could not issue a secret", { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await execute(RevokeMerchantSecretDocument, { credentialId: revoking.id });
      toast.success(`Secret ${revoking.secretHint} revoked`);
      setRevoking(null);
      router.refresh();
    } catch (error) {
      toast.error("Could not revoke the secret", { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-4">
      <div>
        <Button onClick={() => setIssuing(true)}>
          <PlusIcon aria-hidden /> Issue client secret
        </Button>
      </div>
      {credentials.length === 0 ? (
        <EmptyState icon={KeyRoundIcon} title="No client secrets" description="Issue one to call the API." />
      ) : (
        <ul className="divide-y rounded-md border" aria-label="Client secrets">
          {credentials.map((credential) => {
            const state = credentialState(credential, now);
            return (
              <li key={credential.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
                <code className="font-mono text-xs">{credential.secretHint}</code>
                <Badge variant={state.variant}>{state.label}</Badge>
                <span className="text-xs text-muted-foreground">
                  Issued <DateTime value={credential.createdAt} />
                  {" · "}
                  {credential.revokedAt ? (
                    <>
                      revoked <DateTime value={credential.revokedAt} />
                    </>
                  ) : credential.expiresAt ? (
                    <>
                      expires <DateTime value={credential.expiresAt} />
                    </>
                  ) : (
                    "no expiry"
                  )}
                </span>
                {!credential.revokedAt && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="ml-auto"
                    onClick={() => setRevoking(credential)}
                    aria-label={`Revoke secret ${credential.secretHint}`}
                  >
                    Revoke
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}

      <Dialog open={issuing} onOpenChange={setIssuing}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Issue a client secret</DialogTitle>
            <DialogDescription>
              Your system sends it as Authorization: Bearer. Secrets already issued keep working.
            </DialogDescription>
          </DialogHeader>
          <Field label="Expires after">
            {(control) => (
              <Select value={expiry} onValueChange={setExpiry}>
                <SelectTrigger {...control} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {EXPIRY_DAYS.map((choice) => (
                    <SelectItem key={choice.value} value={choice.value}>
                      {choice.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => setIssuing(false)}>
              Cancel
            </Button>
            <Button onClick={() => void issue()} disabled={busy}>
              Issue secret
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <ShownOnceDialog
        value={secret}
        title="Your new client secret"
        copyLabel="Copy secret"
        testId="new-client-secret"
        onClose={() => {
          setSecret(null);
          router.refresh();
        }}
      />

      <Dialog open={revoking !== null} onOpenChange={(open) => !open && setRevoking(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Revoke secret {revoking?.secretHint}?</DialogTitle>
            <DialogDescription>Calls with it are refused at once. This cannot be undone.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setRevoking(null)}>
              Keep it
            </Button>
            <Button variant="destructive" onClick={() => void revoke()} disabled={busy}>
              Revoke secret
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
