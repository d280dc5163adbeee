"use client";

import { LoaderIcon, UserPlusIcon } from "lucide-react";
import { useRouter } from "next/navigation";
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
import { errorMessage, execute } from "@/lib/graphql/execute";
import { InviteOperatorDocument } from "./documents";
import { ROLE_DESCRIPTIONS } from "./roles";

/** Invites an operator; the invite link is shown once, to be sent to them. */
export function InviteOperatorDialog() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
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
          <UserPlusIcon aria-hidden /> Invite operator
        </Button>
      </DialogTrigger>
      <DialogContent>
        {inviteUrl ? (
          <div className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Invite created</DialogTitle>
              <DialogDescription>
                Send this link to {email}. It is shown only now and is valid for 7 days.
              </DialogDescription>
            </DialogHeader>
            <div className="flex items-center gap-2 rounded-md bg-muted p-3">
              <code className="min-w-0 flex-1 font-mono text-xs break-all" data-testid="invite-url">
                {inviteUrl}
              </code>
              <CopyButton value={inviteUrl} label="Copy invite link" />
            </div>
            <DialogFooter>
              <Button onClick={() => change(false)}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Invite operator</DialogTitle>
              <DialogDescription>They set their own password from the invite link.</DialogDescription>
            </DialogHeader>
            <Field label="E-mail">
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
            <Field label="Name (optional)">
              {(control) => <Input {...control} value={name} onChange={(e) => setName(e.target.value)} />}
            </Field>
            <Field label="Role" hint={ROLE_DESCRIPTIONS[role]}>
              {(control) => (
                <Select value={role} onValueChange={(value) => setRole(value as OperatorRole)}>
                  <SelectTrigger {...control} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="ADMIN">Admin</SelectItem>
                    <SelectItem value="OPERATOR">Operator</SelectItem>
                    <SelectItem value="VIEWER">Viewer</SelectItem>
                  </SelectContent>
                </Select>
              )}
            </Field>
            <FormError message={error} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => change(false)} disabled={pending}>
                Cancel
              </Button>
              <Button type="submit" disabled={pending || !email.includes("@")}>
                {pending && <LoaderIcon className="animate-spin" aria-hidden />}
                Send invite
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
