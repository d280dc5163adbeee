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
import { type SignedInViewer, TwoFactorSignInStep } from "@/features/account/two-factor-sign-in-step";
import { localeOfApi } from "@/i18n/locales";
import { homeOf, safeNextPath } from "@/lib/auth/viewer";
import { execute, GraphQLRequestError } from "@/lib/graphql/execute";
import { useErrorMessage } from "@/lib/i18n/error-message";
import { rememberLocaleInBrowser } from "@/lib/i18n/use-change-locale";
import { SignInDocument } from "./documents";

type SignInT = ReturnType<typeof useTranslations<"auth.signIn">>;

const schemaOf = (t: SignInT) =>
  z.object({
    // Any non-empty text: the server decides (the generated first operator is admin@localhost,
    // which stricter e-mail patterns refuse).
    email: z.string().trim().min(1, t("emailRequired")),
    password: z.string().min(1, t("passwordRequired")),
  });
type Values = z.infer<ReturnType<typeof schemaOf>>;

/** E-mail and password; errors beside their fields, the API's verdict above the button. */
export function LoginForm({ next }: { next: string | null }) {
  const t = useTranslations("auth.signIn");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => schemaOf(t), [t]);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const [secondStep, setSecondStep] = useState<"SECOND_FACTOR" | "ENROL_SECOND_FACTOR" | null>(null);

  const signedIn = (viewer: SignedInViewer) => {
    // The user's own choice of language, kept on the server, also for the signed-out pages of this browser.
    const chosen = localeOfApi(viewer.locale ?? null);
    if (chosen) rememberLocaleInBrowser(chosen);
    // Checked again where the browser navigates, against the origin it is really on.
    router.replace(safeNextPath(next, window.location.origin) ?? homeOf(viewer));
    router.refresh();
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { signIn } = await execute(SignInDocument, values);
      // A second factor comes first: the session opens after the code (or the enrolment).
      if (signIn.signInStep !== "DONE") {
        setSecondStep(signIn.signInStep);
        return;
      }
      signedIn(signIn);
    } catch (error) {
      if (error instanceof GraphQLRequestError && error.code === "UNAUTHENTICATED") {
        setFormError(t("wrongCredentials"));
        form.setFocus("password");
      } else {
        setFormError(errorMessage(error));
      }
    }
  });

  if (secondStep) {
    return (
      <TwoFactorSignInStep
        step={secondStep}
        onSignedIn={signedIn}
        onRestart={() => {
          setSecondStep(null);
          form.reset({ email: form.getValues("email"), password: "" });
        }}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t("formLabel")}>
      <FormError message={formError} />
      <Field label={t("email")} error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="username" autoFocus {...form.register("email")} />}
      </Field>
      <Field label={t("password")} error={errors.password?.message}>
        {(control) => (
          <Input {...control} type="password" autoComplete="current-password" {...form.register("password")} />
        )}
      </Field>
      <Button type="submit" className="mt-1 w-full" disabled={isSubmitting}>
        {isSubmitting && <LoaderIcon className="animate-spin" aria-hidden />}
        {isSubmitting ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
