"use client";

import { LoaderIcon, UserPlusIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { CopyButton } from "@/components/copy-button";
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
import type { OperatorRole } from "@/gql/graphql";
import { execute } from "@/lib/graphql/execute";
import { useErrorMessage } from "@/lib/i18n/error-message";
import { roleLabel } from "@/lib/i18n/role-label";
import { InviteOperatorDocument } from "./documents";

const OPERATOR_ROLES: OperatorRole[] = ["ADMIN", "OPERATOR", "VIEWER"];

/** Invites an operator; the invite link is shown once, to be sent to them. */
export function InviteOperatorDialog({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const t = useTranslations("operators");
  const tc = useTranslations("common");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const [open, setOpen] = useState(initiallyOpen);
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [role, setRole] = useState<OperatorRole>("OPERATOR");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [inviteUrl, setInviteUrl] = useState<string | null>(null);

  const change = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    if (!next) {
      setEmail("");
      setName("");
      setRole("OPERATOR");
      setError(null);
      setInviteUrl(null);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const { inviteOperator } = await execute(InviteOperatorDocument, {
        email: email.trim(),
        name: name.trim() || null,
        role,
      });
      setInviteUrl(inviteOperator.inviteUrl);
      router.refresh();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button size="sm">
          <UserPlusIcon aria-hidden /> {t("invite.open")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        {inviteUrl ? (
          <div className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t("invite.createdTitle")}</DialogTitle>
              <DialogDescription>{t("invite.createdDescription", { email })}</DialogDescription>
            </DialogHeader>
            <div className="flex items-center gap-2 rounded-md bg-muted p-3">
              <code className="min-w-0 flex-1 font-mono text-xs break-all" data-testid="invite-url">
                {inviteUrl}
              </code>
              <CopyButton value={inviteUrl} label={t("invite.copyLink")} />
            </div>
            <DialogFooter>
              <Button onClick={() => change(false)}>{tc("actions.done")}</Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t("invite.title")}</DialogTitle>
              <DialogDescription>{t("invite.description")}</DialogDescription>
            </DialogHeader>
            <Field label={t("invite.email")}>
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  required
                  autoComplete="off"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              )}
            </Field>
            <Field label={t("invite.name")}>
              {(control) => <Input {...control} value={name} onChange={(e) => setName(e.target.value)} />}
            </Field>
            <Field label={t("invite.role")} hint={t(`roleDescriptions.${role}`)}>
              {(control) => (
                <Select value={role} onValueChange={(value) => setRole(value as OperatorRole)}>
                  <SelectTrigger {...control} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {OPERATOR_ROLES.map((option) => (
                      <SelectItem key={option} value={option}>
                        {roleLabel(tc, option)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </Field>
            <FormError message={error} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => change(false)} disabled={pending}>
                {tc("actions.cancel")}
              </Button>
              <Button type="submit" disabled={pending || !email.includes("@")}>
                {pending && <LoaderIcon className="animate-spin" aria-hidden />}
                {t("invite.send")}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
