"use client";

import { KeyRoundIcon, PencilIcon, PlusIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
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
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { MerchantCredentialsQuery } from "@/gql/graphql";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
import { IssueMerchantSecretDocument, LabelMerchantSecretDocument, RevokeMerchantSecretDocument } from "./documents";

type Credential = MerchantCredentialsQuery["clientCredentials"][number];

/** Expiry choices: days, or never (`credentials.expiry.<choice>`). */
const EXPIRY_CHOICES = ["30", "90", "365", "never"] as const;
type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

function credentialState(
  credential: Credential,
  now: number,
): { key: "active" | "expired" | "revoked"; variant: "success" | "neutral" | "danger" } {
  if (credential.revokedAt) return { key: "revoked", variant: "neutral" };
  if (credential.expiresAt && Date.parse(credential.expiresAt) <= now) return { key: "expired", variant: "danger" };
  return { key: "active", variant: "success" };
}

/**
 * The account's API client secrets: issue one (with an expiry), shown once in a dialog, and
 * revoke one; the list shows only each secret's first characters.
 */
export function CredentialsManager({ credentials, now }: { credentials: Credential[]; now: number }) {
  const t = useTranslations("credentials");
  const tc = useTranslations("common");
  const router = useRouter();
  const { run, busy } = useAction();
  const [issuing, setIssuing] = useState(false);
  const [expiry, setExpiry] = useState<ExpiryChoice>("90");
  const [label, setLabel] = useState("");
  const [renaming, setRenaming] = useState<Credential | null>(null);
  const [newLabel, setNewLabel] = useState("");
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<Credential | null>(null);

  const issue = () => {
    const expiresAt = expiry === "never" ? null : new Date(Date.now() + Number(expiry) * 86_400_000).toISOString();
    return run(() => execute(IssueMerchantSecretDocument, { expiresAt, label: label.trim() || null }), {
      failure: t("issueFailed"),
      refresh: false,
      onSuccess: ({ issueClientSecret }) => {
        setIssuing(false);
        setLabel("");
        setSecret(issueClientSecret.clientSecret);
      },
    });
  };

  const revoke = async () => {
    if (!revoking) return;
    await run(() => execute(RevokeMerchantSecretDocument, { credentialId: revoking.id }), {
      success: t("revoked", { hint: revoking.secretHint }),
      failure: t("revokeFailed"),
      onSuccess: () => setRevoking(null),
    });
  };

  const rename = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!renaming) return;
    await run(
      () => execute(LabelMerchantSecretDocument, { credentialId: renaming.id, label: newLabel.trim() || null }),
      {
        success: t("renamed"),
        failure: t("renameFailed"),
        onSuccess: () => setRenaming(null),
      },
    );
  };

  return (
    <div className="grid gap-4">
      <div>
        <Button onClick={() => setIssuing(true)}>
          <PlusIcon aria-hidden /> {t("issue")}
        </Button>
      </div>
      {credentials.length === 0 ? (
        <EmptyState icon={KeyRoundIcon} title={t("empty")} description={t("emptyDescription")} />
      ) : (
        <ul className="divide-y rounded-md border" aria-label={t("listLabel")}>
          {credentials.map((credential) => {
            const state = credentialState(credential, now);
            return (
              <li key={credential.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
                <span className={credential.label ? "font-medium break-all" : "text-muted-foreground"}>
                  {credential.label ?? t("noLabel")}
                </span>
                <code className="font-mono text-xs">{credential.secretHint}</code>
                <Badge variant={state.variant}>{t(`state.${state.key}`)}</Badge>
                <span className="text-xs text-muted-foreground" data-testid="last-used">
                  {credential.lastUsedAt
                    ? t.rich("lastUsedAt", { when: () => <DateTime value={credential.lastUsedAt as string} /> })
                    : t("neverUsed")}
                </span>
                <span className="text-xs text-muted-foreground">
                  {t.rich("issuedAt", { when: () => <DateTime value={credential.createdAt} /> })}
                  {" · "}
                  {credential.revokedAt
                    ? t.rich("revokedAt", { when: () => <DateTime value={credential.revokedAt as string} /> })
                    : credential.expiresAt
                      ? t.rich("expiresAt", { when: () => <DateTime value={credential.expiresAt as string} /> })
                      : t("noExpiry")}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  className="ml-auto"
                  onClick={() => {
                    setRenaming(credential);
                    setNewLabel(credential.label ?? "");
                  }}
                  aria-label={t("renameWho", { hint: credential.secretHint })}
                >
                  <PencilIcon aria-hidden /> {t("rename")}
                </Button>
                {!credential.revokedAt && (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setRevoking(credential)}
                    aria-label={t("revokeWho", { hint: credential.secretHint })}
                  >
                    {t("revoke")}
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
            <DialogTitle>{t("issueDialog.title")}</DialogTitle>
            <DialogDescription>{t("issueDialog.description")}</DialogDescription>
          </DialogHeader>
          <Field label={t("label")} hint={t("labelHint")}>
            {(control) => (
              <Input {...control} maxLength={60} value={label} onChange={(e) => setLabel(e.target.value)} />
            )}
          </Field>
          <Field label={t("issueDialog.expiresAfter")}>
            {(control) => (
              <Select value={expiry} onValueChange={(value) => setExpiry(value as ExpiryChoice)}>
                <SelectTrigger {...control} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {EXPIRY_CHOICES.map((choice) => (
                    <SelectItem key={choice} value={choice}>
                      {t(`expiry.${choice}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => setIssuing(false)}>
              {tc("actions.cancel")}
            </Button>
            <Button onClick={() => void issue()} disabled={busy}>
              {t("issueDialog.submit")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <ShownOnceDialog
        value={secret}
        title={t("shownOnce.title")}
        description={t("shownOnce.description")}
        copyLabel={t("shownOnce.copy")}
        doneLabel={t("shownOnce.done")}
        testId="new-client-secret"
        onClose={() => {
          setSecret(null);
          router.refresh();
        }}
      />

      <Dialog open={renaming !== null} onOpenChange={(open) => !open && setRenaming(null)}>
        <DialogContent>
          <form onSubmit={rename} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t("renameDialog.title", { hint: renaming?.secretHint ?? "" })}</DialogTitle>
              <DialogDescription>{t("renameDialog.description")}</DialogDescription>
            </DialogHeader>
            <Field label={t("label")} hint={t("labelHint")}>
              {(control) => (
                <Input {...control} maxLength={60} value={newLabel} onChange={(e) => setNewLabel(e.target.value)} />
              )}
            </Field>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setRenaming(null)}>
                {tc("actions.cancel")}
              </Button>
              <Button type="submit" disabled={busy}>
                {tc("actions.save")}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>

      <Dialog open={revoking !== null} onOpenChange={(open) => !open && setRevoking(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t("revokeDialog.title", { hint: revoking?.secretHint ?? "" })}</DialogTitle>
            <DialogDescription>{t("revokeDialog.description")}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setRevoking(null)}>
              {t("revokeDialog.keep")}
            </Button>
            <Button variant="destructive" onClick={() => void revoke()} disabled={busy}>
              {t("revokeDialog.confirm")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
