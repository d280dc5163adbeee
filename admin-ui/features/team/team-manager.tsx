"use client";

import { UserPlusIcon, UsersIcon } from "lucide-react";
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
import { Field, FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { MerchantRole, TeamQuery } from "@/gql/graphql";
import { isEmail } from "@/lib/email";
import { execute } from "@/lib/graphql/execute";
import { roleLabel } from "@/lib/i18n/role-label";
import { useAction } from "@/lib/use-action";
import { InviteTeamMemberDocument, RemoveTeamMemberDocument } from "./documents";

type Member = TeamQuery["companyUsers"][number];

/** The account's console users: invite (the link is shown once) and remove (their sessions end). */
export function TeamManager({ members, viewerId }: { members: Member[]; viewerId: string }) {
  const t = useTranslations("team");
  const tc = useTranslations("common");
  const [inviting, setInviting] = useState(false);
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [role, setRole] = useState<MerchantRole>("MEMBER");
  const [emailTouched, setEmailTouched] = useState(false);
  const [inviteUrl, setInviteUrl] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const invitation = useAction();
  const removal = useAction();
  const emailError = emailTouched && !isEmail(email) ? t("invalidEmail") : undefined;

  const invite = async (event: React.FormEvent) => {
    event.preventDefault();
    setEmailTouched(true);
    if (!isEmail(email)) return;
    await invitation.run(
      () => execute(InviteTeamMemberDocument, { email: email.trim(), name: name.trim() || null, role }),
      {
        inForm: true,
        onSuccess: ({ inviteCompanyUser }) => {
          setInviting(false);
          setInviteUrl(inviteCompanyUser.inviteUrl);
          setEmail("");
          setName("");
          setEmailTouched(false);
        },
      },
    );
  };

  const remove = async () => {
    if (!removing) return;
    await removal.run(() => execute(RemoveTeamMemberDocument, { id: removing.id }), {
      success: t("removed", { email: removing.email }),
      failure: t("removeFailed"),
      onSuccess: () => setRemoving(null),
    });
  };

  const active = members.filter((member) => !member.disabled);
  return (
    <div className="grid gap-4">
      <div>
        <Button onClick={() => setInviting(true)}>
          <UserPlusIcon aria-hidden /> {t("invite")}
        </Button>
      </div>
      {active.length === 0 ? (
        <EmptyState icon={UsersIcon} title={t("empty")} />
      ) : (
        <ul className="divide-y rounded-md border" aria-label={t("listLabel")}>
          {active.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{member.name ?? member.email}</p>
                <p className="truncate text-xs text-muted-foreground">{member.email}</p>
              </div>
              <Badge variant="outline">{roleLabel(tc, member.role)}</Badge>
              {member.invitePending ? (
                <Badge variant="warn">{t("invitePending")}</Badge>
              ) : (
                <span className="text-xs text-muted-foreground">
                  {member.lastSignInAt
                    ? t.rich("lastSignIn", { when: () => <DateTime value={member.lastSignInAt as string} /> })
                    : t("neverSignedIn")}
                </span>
              )}
              {member.id !== viewerId && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setRemoving(member)}
                  aria-label={t("removeWho", { email: member.email })}
                >
                  {t("remove")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}

      <Dialog open={inviting} onOpenChange={setInviting}>
        <DialogContent>
          <form onSubmit={invite} noValidate className="grid gap-4" aria-label={t("invite")}>
            <DialogHeader>
              <DialogTitle>{t("inviteDialog.title")}</DialogTitle>
              <DialogDescription>{t("inviteDialog.description")}</DialogDescription>
            </DialogHeader>
            <FormError message={invitation.error} />
            <Field label={t("inviteDialog.email")} error={emailError}>
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  onBlur={() => setEmailTouched(true)}
                />
              )}
            </Field>
            <Field label={t("inviteDialog.name")}>
              {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} />}
            </Field>
            <Field label={t("inviteDialog.role")} hint={t("inviteDialog.roleHint")}>
              {(control) => (
                <Select value={role} onValueChange={(value) => setRole(value as MerchantRole)}>
                  <SelectTrigger {...control} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="MEMBER">{roleLabel(tc, "MEMBER")}</SelectItem>
                    <SelectItem value="ADMIN">{roleLabel(tc, "ADMIN")}</SelectItem>
                  </SelectContent>
                </Select>
              )}
            </Field>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setInviting(false)}>
                {tc("actions.cancel")}
              </Button>
              <Button type="submit" disabled={invitation.busy}>
                {t("inviteDialog.submit")}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>

      <ShownOnceDialog
        value={inviteUrl}
        title={t("inviteLink.title")}
        description={t("inviteLink.description")}
        copyLabel={t("inviteLink.copy")}
        doneLabel={tc("actions.done")}
        testId="invite-url"
        onClose={() => setInviteUrl(null)}
      />

      <Dialog open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t("removeDialog.title", { email: removing?.email ?? "" })}</DialogTitle>
            <DialogDescription>{t("removeDialog.description")}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setRemoving(null)}>
              {t("removeDialog.keep")}
            </Button>
            <Button variant="destructive" onClick={() => void remove()} disabled={removal.busy}>
              {t("removeDialog.confirm")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
