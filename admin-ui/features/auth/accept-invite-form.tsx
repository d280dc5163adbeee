"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field, FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { TwoFactorEnrolment } from "@/features/account/two-factor-enrolment";
import { homeOf } from "@/lib/auth/viewer";
import { execute, GraphQLRequestError } from "@/lib/graphql/execute";
import { useErrorMessage } from "@/lib/i18n/error-message";
import { AcceptInviteDocument } from "./documents";

type AcceptT = ReturnType<typeof useTranslations<"auth.acceptInvite">>;

const schemaOf = (t: AcceptT) =>
  z
    .object({
      name: z.string().trim().min(2, t("nameRequired")).max(120),
      password: z.string().min(12, t("passwordTooShort")),
      confirm: z.string(),
    })
    .refine((values) => values.password === values.confirm, { path: ["confirm"], message: t("passwordsDiffer") });
type Values = z.infer<ReturnType<typeof schemaOf>>;

/** The API's reasons for refusing a password (extensions.reason), each explained in the reader's language. */
const PASSWORD_REASONS = [
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_LONG",
  "PASSWORD_COMMON",
  "PASSWORD_PERSONAL",
  "PASSWORD_PREDICTABLE",
] as const;
type PasswordReason = (typeof PASSWORD_REASONS)[number];
const isPasswordReason = (reason: string | undefined): reason is PasswordReason =>
  PASSWORD_REASONS.some((known) => known === reason);

/** Shown only for an open invite (the page reads it first): `token` is its link's, `name` the one the inviter gave. */
export function AcceptInviteForm({ token, name }: { token: string; name: string }) {
  const t = useTranslations("auth.acceptInvite");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => schemaOf(t), [t]);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name, password: "", confirm: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const [enrolling, setEnrolling] = useState(false);

  const submit = form.handleSubmit(async ({ name, password }) => {
    setFormError(null);
    try {
      const { acceptInvite } = await execute(AcceptInviteDocument, { token, password, name });
      // A required second factor is enrolled before the first session opens.
      if (acceptInvite.signInStep === "ENROL_SECOND_FACTOR") {
        setEnrolling(true);
        return;
      }
      router.replace(homeOf(acceptInvite));
      router.refresh();
    } catch (error) {
      const reason = error instanceof GraphQLRequestError ? error.errors[0]?.reason : undefined;
      if (isPasswordReason(reason)) {
        form.setError("password", { message: t(`passwordRefused.${reason}`) }, { shouldFocus: true });
        return;
      }
      setFormError(
        error instanceof GraphQLRequestError && (error.code === "NOT_FOUND" || error.code === "UNAUTHENTICATED")
          ? t("noLongerValid")
          : errorMessage(error),
      );
    }
  });

  if (enrolling) {
    return (
      <TwoFactorEnrolment
        required
        onEnrolled={({ viewer }) => {
          router.replace(homeOf(viewer));
          router.refresh();
        }}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t("formLabel")}>
      <FormError message={formError} />
      <Field label={t("name")} error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="name" autoFocus {...form.register("name")} />}
      </Field>
      <Field label={t("password")} hint={t("passwordHint")} error={errors.password?.message}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register("password")} />}
      </Field>
      <Field label={t("confirm")} error={errors.confirm?.message}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register("confirm")} />}
      </Field>
      <Button type="submit" className="mt-1 w-full" disabled={isSubmitting}>
        {isSubmitting && <LoaderIcon className="animate-spin" aria-hidden />}
        {t("submit")}
      </Button>
    </form>
  );
}
