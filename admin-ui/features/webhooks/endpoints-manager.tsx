"use client";

import { PlusIcon, RefreshCwIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ShownOnceDialog } from "@/components/shown-once-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { WEBHOOK_EVENTS } from "@/features/webhook-deliveries/search-params";
import type { MerchantWebhookEndpointFragment } from "@/gql/graphql";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
import {
  CreateWebhookEndpointDocument,
  DeleteWebhookEndpointDocument,
  RotateWebhookEndpointSecretDocument,
  UpdateWebhookEndpointDocument,
} from "./endpoint-documents";

/** CONTRACT §15: an account has at most 10 endpoints (its own URL counted). */
const MAX_ENDPOINTS = 10;

/** Every event (`*`), or the ones ticked. */
function EventsPicker({ value, onChange }: { value: string[]; onChange: (events: string[]) => void }) {
  const t = useTranslations("merchantWebhooks.endpoints");
  const all = value.includes("*");
  const toggle = (name: string, on: boolean) =>
    onChange(on ? [...value.filter((e) => e !== "*"), name] : value.filter((e) => e !== name));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{t("events")}</legend>
      <Label className="flex items-center gap-2 font-normal">
        <Checkbox checked={all} onCheckedChange={(on) => onChange(on === true ? ["*"] : [])} />
        {t("allEvents")}
      </Label>
      {all ? null : (
        <div className="grid max-h-56 gap-1 overflow-y-auto sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((name) => (
            <Label key={name} className="flex items-center gap-2 font-mono text-xs font-normal">
              <Checkbox checked={value.includes(name)} onCheckedChange={(on) => toggle(name, on === true)} />
              {name}
            </Label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

/**
 * The account's webhook endpoints: each with its URL, events and status; a new one (its
 * secret shown once), events and status changed, a secret rotated, an endpoint deleted. The
 * account's own endpoint (the URL above) is the first; the API steps up where it must.
 */
export function EndpointsManager({
  endpoints,
  canManage,
}: {
  endpoints: MerchantWebhookEndpointFragment[];
  canManage: boolean;
}) {
  const t = useTranslations("merchantWebhooks.endpoints");
  const router = useRouter();
  const { run, busy, isBusy, error } = useAction();
  const [creating, setCreating] = useState(false);
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<string[]>(["*"]);
  const [editing, setEditing] = useState<MerchantWebhookEndpointFragment | null>(null);
  const [editEvents, setEditEvents] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<MerchantWebhookEndpointFragment | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const create = () =>
    run(() => execute(CreateWebhookEndpointDocument, { url: url.trim(), events }), {
      inForm: true,
      refresh: false,
      onSuccess: ({ createWebhookEndpoint }) => {
        setCreating(false);
        setUrl("");
        setEvents(["*"]);
        setSecret(createWebhookEndpoint.secret);
      },
    });
  const saveEvents = (endpoint: MerchantWebhookEndpointFragment) =>
    run(() => execute(UpdateWebhookEndpointDocument, { id: endpoint.id, events: editEvents }), {
      inForm: true,
      success: t("saved"),
      onSuccess: () => setEditing(null),
    });
  const setStatus = (endpoint: MerchantWebhookEndpointFragment, status: "ENABLED" | "DISABLED") =>
    run(() => execute(UpdateWebhookEndpointDocument, { id: endpoint.id, status }), {
      key: endpoint.id,
      failure: t("failed"),
      success: status === "ENABLED" ? t("enabledToast") : t("disabledToast"),
    });
  const rotate = (endpoint: MerchantWebhookEndpointFragment) =>
    run(() => execute(RotateWebhookEndpointSecretDocument, { id: endpoint.id }), {
      key: endpoint.id,
      failure: t("failed"),
      refresh: false,
      onSuccess: ({ rotateWebhookEndpointSecret }) => setSecret(rotateWebhookEndpointSecret.secret),
    });
  const remove = (endpoint: MerchantWebhookEndpointFragment) =>
    run(() => execute(DeleteWebhookEndpointDocument, { id: endpoint.id }), {
      key: endpoint.id,
      failure: t("failed"),
      success: t("deletedToast"),
      onSuccess: () => setDeleting(null),
    });

  return (
    <div className="grid gap-4" data-testid="webhook-endpoints">
      {endpoints.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("empty")}</p>
      ) : (
        <ul className="grid gap-3">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id} className="grid gap-2 rounded-md border p-3" data-testid="webhook-endpoint">
              <div className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 flex-1 font-mono text-xs break-all">{endpoint.url}</span>
                {endpoint.accountEndpoint ? <Badge variant="secondary">{t("accountEndpoint")}</Badge> : null}
                <Badge
                  variant={
                    endpoint.status === "ENABLED"
                      ? "success"
                      : endpoint.disabledReason === "FAILING"
                        ? "danger"
                        : "neutral"
                  }
                >
                  {endpoint.status === "ENABLED"
                    ? t("status.ENABLED")
                    : endpoint.disabledReason === "FAILING"
                      ? t("status.FAILING")
                      : t("status.DISABLED")}
                </Badge>
              </div>
              <div className="flex flex-wrap gap-1">
                {endpoint.events.map((name) => (
                  <code key={name} className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
                    {name === "*" ? t("allEvents") : name}
                  </code>
                ))}
              </div>
              <p className="text-xs text-muted-foreground">
                <span className="font-mono">{endpoint.id}</span>
                {/* The account endpoint's secret is the one shown above, with its rotation. */}
                {endpoint.accountEndpoint ? null : ` · ${t("secret", { hint: endpoint.secretHint })}`}
                {endpoint.consecutiveFailures > 0 ? ` · ${t("failures", { count: endpoint.consecutiveFailures })}` : ""}
              </p>
              {canManage ? (
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => {
                      setEditing(endpoint);
                      setEditEvents(endpoint.events);
                    }}
                  >
                    {t("editEvents")}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={isBusy(endpoint.id)}
                    onClick={() => void setStatus(endpoint, endpoint.status === "ENABLED" ? "DISABLED" : "ENABLED")}
                  >
                    {endpoint.status === "ENABLED" ? t("disable") : t("enable")}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={isBusy(endpoint.id)}
                    onClick={() => void rotate(endpoint)}
                  >
                    <RefreshCwIcon aria-hidden /> {t("rotate")}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={isBusy(endpoint.id)}
                    onClick={() => setDeleting(endpoint)}
                  >
                    <Trash2Icon aria-hidden /> {t("delete")}
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canManage ? (
        <div>
          <Button onClick={() => setCreating(true)} disabled={endpoints.length >= MAX_ENDPOINTS}>
            <PlusIcon aria-hidden /> {t("add")}
          </Button>
          {endpoints.length >= MAX_ENDPOINTS ? (
            <p className="mt-2 text-xs text-muted-foreground">{t("limit", { max: MAX_ENDPOINTS })}</p>
          ) : null}
        </div>
      ) : null}

      <Dialog open={creating} onOpenChange={setCreating}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t("addTitle")}</DialogTitle>
            <DialogDescription>{t("addDescription")}</DialogDescription>
          </DialogHeader>
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              void create();
            }}
          >
            <div className="grid gap-2">
              <Label htmlFor="endpoint-url">{t("url")}</Label>
              <Input
                id="endpoint-url"
                type="url"
                required
                placeholder={t("urlPlaceholder")}
                value={url}
                onChange={(event) => setUrl(event.target.value)}
              />
            </div>
            <EventsPicker value={events} onChange={setEvents} />
            {error ? (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setCreating(false)}>
                {t("cancel")}
              </Button>
              <Button type="submit" disabled={busy || events.length === 0}>
                {t("create")}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>

      <Dialog open={editing !== null} onOpenChange={(open) => (open ? null : setEditing(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t("editTitle")}</DialogTitle>
            <DialogDescription className="font-mono text-xs break-all">{editing?.url}</DialogDescription>
          </DialogHeader>
          <EventsPicker value={editEvents} onChange={setEditEvents} />
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setEditing(null)}>
              {t("cancel")}
            </Button>
            <Button
              disabled={busy || editEvents.length === 0}
              onClick={() => (editing ? void saveEvents(editing) : undefined)}
            >
              {t("save")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <Dialog open={deleting !== null} onOpenChange={(open) => (open ? null : setDeleting(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t("deleteTitle")}</DialogTitle>
            <DialogDescription>
              {deleting?.accountEndpoint ? t("deleteAccountDescription") : t("deleteDescription")}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDeleting(null)}>
              {t("cancel")}
            </Button>
            <Button
              variant="destructive"
              disabled={busy}
              onClick={() => (deleting ? void remove(deleting) : undefined)}
            >
              {t("delete")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <ShownOnceDialog
        value={secret}
        title={t("secretTitle")}
        description={t("secretDescription")}
        copyLabel={t("copy")}
        doneLabel={t("done")}
        testId="new-endpoint-secret"
        onClose={() => {
          setSecret(null);
          router.refresh();
        }}
      />
    </div>
  );
}
