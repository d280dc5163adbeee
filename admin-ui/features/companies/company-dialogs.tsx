"use client";

import { Building2Icon, LoaderIcon, PencilIcon } from "lucide-react";
import Link from "next/link";
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
import type { CreateCompanyMutation, UpdateCompanyInput } from "@/gql/graphql";
import { isEmail } from "@/lib/email";
import { formatBRL } from "@/lib/format";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
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

/** A raise above the second-operator threshold: the limit as it is now and the one that waits. */
function limitWaiting(
  t: ReturnType<typeof useTranslations<"companies.form">>,
  now: string | null,
  requested: string,
): string {
  return t("limitWaiting", { now: now ? formatBRL(now) : "—", requested: formatBRL(requested) });
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
  const [open, setOpen] = useState(initiallyOpen);
  const [values, setValues] = useState<CompanyFormValues>(() => companyFormValues(company));
  const [errors, setErrors] = useState<CompanyFieldErrors>({});
  const { run, busy: pending, error, clearError } = useAction();

  const change = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    if (next) {
      setValues(companyFormValues(company));
      setErrors({});
      clearError();
    }
  };

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    // The last answer's error goes: it was about what the form held then.
    clearError();
    const read = readCompanyForm(values, t, "edit");
    setErrors(read.errors);
    const input = read.input;
    if (input === null) return;
    void run(() => execute(UpdateCompanyDocument, { id: company.id, input: input as UpdateCompanyInput }), {
      inForm: true,
      success: t("saved", { name: input.name ?? company.name }),
      successOptions: ({ updateCompany }) => {
        const waiting = updateCompany.pendingAutoApproveLimitRequest;
        return {
          description: waiting ? limitWaiting(t, updateCompany.autoApproveLimit, waiting.requestedLimit) : undefined,
        };
      },
      onSuccess: () => setOpen(false),
    });
  };

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
  const [open, setOpen] = useState(initiallyOpen);
  const [values, setValues] = useState<CompanyFormValues>(EMPTY_COMPANY_FORM);
  const [ownerEmail, setOwnerEmail] = useState("");
  const [errors, setErrors] = useState<CompanyFieldErrors & { ownerEmail?: string }>({});
  const { run, busy: pending, error, clearError } = useAction();
  const [created, setCreated] = useState<Created | null>(null);

  const change = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    if (!next) {
      setValues(EMPTY_COMPANY_FORM);
      setOwnerEmail("");
      setErrors({});
      clearError();
      setCreated(null);
    }
  };

  const create = (event: React.FormEvent) => {
    event.preventDefault();
    // The last answer's error goes: it was about what the form held then.
    clearError();
    const read = readCompanyForm(values, t, "create");
    const email = ownerEmail.trim();
    const emailError = email && !isEmail(email) ? t("errors.ownerEmail") : undefined;
    setErrors({ ...read.errors, ownerEmail: emailError });
    if (read.input === null || emailError) return;
    const input = { ...read.input, name: read.input.name as string, ownerEmail: email || null };
    void run(() => execute(CreateCompanyDocument, { input }), {
      inForm: true,
      success: ({ createCompany }) => t("created", { name: createCompany.company.name }),
      onSuccess: ({ createCompany }) => setCreated(createCompany),
    });
  };

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
