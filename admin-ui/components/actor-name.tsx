import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";

/** An actor as the API describes it (`actorInfo`): the raw id and, where known, who it is. */
export interface ActorInfo {
  id: string;
  kind: string;
  displayName?: string | null;
  email?: string | null;
  credentialHint?: string | null;
}

type ActorWordKey = "credential" | "operatorToken" | "autoApprove" | "system" | "provider" | "anonymous" | "operator";

/**
 * Who did something, in words (`actors` catalogue): a console user's name and, apart, their
 * e-mail; an API credential by its hint; the operator token, the system or the bank. An actor
 * the API could not describe reads as its raw id.
 */
export function actorWords(
  actor: ActorInfo,
  t: (key: ActorWordKey, values?: { hint: string }) => string,
): { name: string; email: string | null } {
  if (actor.displayName) {
    return { name: actor.displayName, email: actor.email && actor.email !== actor.displayName ? actor.email : null };
  }
  if (actor.credentialHint) return { name: t("credential", { hint: actor.credentialHint }), email: null };
  if (actor.id === "operator:token") return { name: t("operatorToken"), email: null };
  if (actor.id.startsWith("system:auto-approve")) return { name: t("autoApprove"), email: null };
  const byKind: Record<string, ActorWordKey> = {
    SYSTEM: "system",
    PROVIDER: "provider",
    ANONYMOUS: "anonymous",
    OPERATOR: "operator",
  };
  return { name: byKind[actor.kind] ? t(byKind[actor.kind]) : actor.id, email: null };
}

/** `actorWords` on one line: "Ana Admin <ana@pix.test>", as files (CSV) write it. */
export function actorLine(actor: ActorInfo, t: Parameters<typeof actorWords>[1]): string {
  const { name, email } = actorWords(actor, t);
  return email ? `${name} <${email}>` : name;
}

/** An actor's name with their e-mail; the raw actor (`operator:usr_…`, `merchant:cred_…`) in the tooltip. */
export function ActorName({ actor, className }: { actor: ActorInfo; className?: string }) {
  const t = useTranslations("actors");
  const { name, email } = actorWords(actor, t);
  return (
    <span className={cn("min-w-0", className)} title={actor.id} data-actor={actor.id}>
      <span className="font-medium text-foreground">{name}</span>
      {email && <span className="text-muted-foreground"> · {email}</span>}
    </span>
  );
}
