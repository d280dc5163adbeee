"use client";

import { Building2Icon, LoaderIcon, PencilIcon } from "lucide-react";
import Link from "next/link";
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
import { toast } from "@/components/ui/toast";
import type { CreateCompanyMutation, UpdateCompanyInput } from "@/gql/graphql";
import { isEmail } from "@/lib/email";
import { formatBRL } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useErrorMessage } from "@/lib/i18n/error-message";
import {
  type CompanyFieldErrors,
  CompanyFormFields,
  type CompanyFormValues,
  companyFormValues,
  EMPTY_COMPANY_FORM,
  readCompanyForm,
} from "./company-form";
import { CreateCompanyDocument, UpdateCompanyDocument } from "./documents";

export type EditableCompany = Parameters<typeof companyFormValues>[0] & { id: string };

/**
 * The submit path both company dialogs share: the fields read and checked beside each field
 * (`read` answers null when something is wrong), then `send` once, the button disabled while it
 * runs, and the API's error in the reader's language under the form.
 */
/** A raise above the second-operator threshold: the limit as it is now and the one that waits. */
function limitWaiting(
  t: ReturnType<typeof useTranslations<"companies.form">>,
  now: string | null,
  requested: string,
): string {
  return t("limitWaiting", { now: now ? formatBRL(now) : "—", requested: formatBRL(requested) });
}

function useCompanySubmit() {
  const describe = useErrorMessage();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async <T,>(event: React.FormEvent, read: () => T | null, send: (input: T) => Promise<void>) => {
    event.preventDefault();
    // The last answer's error goes: it was about what the form held then.
    setError(null);
    const input = read();
    if (input === null) return;
    setPending(true);
    try {
      await send(input);
    } catch (caught) {
      setError(describe(caught));
    } finally {
      setPending(false);
    }
  };
  return { submit, pending, error, setError };
}

/** The company form inside a dialog: title, the fields, the API's error, cancel and submit. */
function CompanyFormBody({
  title,
  description,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  description: string;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (event: React.FormEvent) => void;
  onCancel: () => void;
  children: React.ReactNode;
}) {
  const tc = useTranslations("common");
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
      <FormError message={error} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          {tc("actions.cancel")}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending && <LoaderIcon className="animate-spin" aria-hidden />}
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Changes a company's name, CNPJ, city, fee plan and auto-approval limit (updateCompany, audited). */
export function EditCompanyDialog({
  company,
  initiallyOpen = false,
}: {
  company: EditableCompany;
  initiallyOpen?: boolean;
}) {
  const t = useTranslations("companies.form");
  const router = useRouter();
  const [open, setOpen] = useState(initiallyOpen);
  const [values, setValues] = useState<CompanyFormValues>(() => companyFormValues(company));
  const [errors, setErrors] = useState<CompanyFieldErrors>({});
  const { submit, pending, error, setError } = useCompanySubmit();

  const change = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    if (next) {
      setValues(companyFormValues(company));
      setErrors({});
      setError(null);
    }
  };

  const save = (event: React.FormEvent) =>
    submit(
      event,
      () => {
        const read = readCompanyForm(values, t, "edit");
        setErrors(read.errors);
        return read.input;
      },
      async (input) => {
        const { updateCompany } = await execute(UpdateCompanyDocument, {
          id: company.id,
          input: input as UpdateCompanyInput,
        });
        const waiting = updateCompany.pendingAutoApproveLimitRequest;
        toast.success(t("saved", { name: input.name ?? company.name }), {
          description: waiting ? limitWaiting(t, updateCompany.autoApproveLimit, waiting.requestedLimit) : undefined,
        });
        setOpen(false);
        router.refresh();
      },
    );

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <PencilIcon aria-hidden /> {t("edit")}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <CompanyFormBody
          title={t("editTitle", { name: company.name })}
          description={t("editDescription")}
          submitLabel={t("save")}
          pending={pending}
          error={error}
          onSubmit={save}
          onCancel={() => change(false)}
        >
          <CompanyFormFields values={values} errors={errors} onChange={setValues} mode="edit" />
        </CompanyFormBody>
      </DialogContent>
    </Dialog>
  );
}

type Created = CreateCompanyMutation["createCompany"];

/**
 * A new merchant account (createCompany): name and CNPJ checked here by the service's own
 * validator, then by the API. Its client secret, webhook secret and owner's invite link are
 * shown once.
 */
export function NewCompanyDialog({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const t = useTranslations("companies.form");
  const tc = useTranslations("common");
  const router = useRouter();
  const [open, setOpen] = useState(initiallyOpen);
  const [values, setValues] = useState<CompanyFormValues>(EMPTY_COMPANY_FORM);
  const [ownerEmail, setOwnerEmail] = useState("");
  const [errors, setErrors] = useState<CompanyFieldErrors & { ownerEmail?: string }>({});
  const { submit, pending, error, setError } = useCompanySubmit();
  const [created, setCreated] = useState<Created | null>(null);

  const change = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    if (!next) {
      setValues(EMPTY_COMPANY_FORM);
      setOwnerEmail("");
      setErrors({});
      setError(null);
      setCreated(null);
    }
  };

  const create = (event: React.FormEvent) =>
    submit(
      event,
      () => {
        const read = readCompanyForm(values, t, "create");
        const email = ownerEmail.trim();
        const emailError = email && !isEmail(email) ? t("errors.ownerEmail") : undefined;
        setErrors({ ...read.errors, ownerEmail: emailError });
        return read.input && !emailError
          ? { ...read.input, name: read.input.name as string, ownerEmail: email || null }
          : null;
      },
      async (input) => {
        const { createCompany } = await execute(CreateCompanyDocument, { input });
        setCreated(createCompany);
        toast.success(t("created", { name: createCompany.company.name }));
        router.refresh();
      },
    );

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Building2Icon aria-hidden /> {t("new")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        {created ? (
          <div className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t("createdTitle", { name: created.company.name })}</DialogTitle>
              <DialogDescription>{t("createdDescription")}</DialogDescription>
            </DialogHeader>
            <Secret label={t("clientSecret")} value={created.clientSecret} testId="client-secret" />
            <Secret label={t("webhookSecret")} value={created.webhookSecret} testId="webhook-secret" />
            {created.autoApproveLimitRequest && (
              <p data-testid="auto-approve-limit-waiting" className="text-sm font-medium text-status-warn">
                {limitWaiting(t, created.company.autoApproveLimit, created.autoApproveLimitRequest.requestedLimit)}
              </p>
            )}
            {created.ownerInvite && (
              <Secret
                label={t("ownerInvite", { email: created.ownerInvite.user.email })}
                value={created.ownerInvite.inviteUrl}
                testId="owner-invite-url"
              />
            )}
            <DialogFooter>
              <Button variant="outline" asChild>
                <Link href={`/ops/companies/${created.company.id}`} onClick={() => change(false)}>
                  {t("openCompany")}
                </Link>
              </Button>
              <Button onClick={() => change(false)}>{tc("actions.done")}</Button>
            </DialogFooter>
          </div>
        ) : (
          <CompanyFormBody
            title={t("newTitle")}
            description={t("newDescription")}
            submitLabel={t("create")}
            pending={pending}
            error={error}
            onSubmit={create}
            onCancel={() => change(false)}
          >
            <CompanyFormFields values={values} errors={errors} onChange={setValues} mode="create" />
            <Field label={t("ownerEmail")} hint={t("ownerEmailHint")} error={errors.ownerEmail}>
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  autoComplete="off"
                  value={ownerEmail}
                  onChange={(e) => setOwnerEmail(e.target.value)}
                />
              )}
            </Field>
          </CompanyFormBody>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Secret({ label, value, testId }: { label: string; value: string; testId: string }) {
  const tc = useTranslations("common");
  return (
    <div className="grid gap-1.5">
      <p className="text-sm font-medium">{label}</p>
      <div className="flex items-center gap-2 rounded-md bg-muted p-3">
        <code className="min-w-0 flex-1 font-mono text-xs break-all" data-testid={testId}>
          {value}
        </code>
        <CopyButton value={value} label={tc("actions.copy")} />
      </div>
    </div>
  );
}
