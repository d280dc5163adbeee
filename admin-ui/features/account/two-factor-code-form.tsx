"use client";

import { LoaderIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Field, FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { GraphQLRequestError } from "@/lib/graphql/execute";
import { useErrorMessage } from "@/lib/i18n/error-message";

/**
 * One code field (a 6-digit TOTP code or a recovery code), with the "trust this browser"
 * box when asked; a wrong code is said beside the field. `submit` answers nothing on
 * success and throws the API's error otherwise.
 */
export function TwoFactorCodeForm({
  submit,
  submitLabel,
  submittingLabel,
  formLabel,
  offerTrust = false,
  onCancel,
  cancelLabel,
}: {
  submit: (code: string, trustBrowser: boolean) => Promise<void>;
  submitLabel: string;
  submittingLabel: string;
  formLabel: string;
  offerTrust?: boolean;
  onCancel?: () => void;
  cancelLabel?: string;
}) {
  const t = useTranslations("twoFactor.code");
  const errorMessage = useErrorMessage();
  const trustId = useId();
  const [code, setCode] = useState("");
  const [trust, setTrust] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const text = code.trim();
    if (text === "") {
      setFieldError(t("required"));
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      await submit(text, trust);
    } catch (error) {
      if (error instanceof GraphQLRequestError && error.errors[0]?.reason === "TWO_FACTOR_LOCKED") {
        setFieldError(t("locked"));
        setCode("");
      } else if (error instanceof GraphQLRequestError && error.code === "VALIDATION_ERROR") {
        setFieldError(t("wrong"));
        setCode("");
      } else if (error instanceof GraphQLRequestError && error.code === "UNAUTHENTICATED") {
        setFormError(t("expired"));
      } else {
        setFormError(errorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={formLabel}>
      <FormError message={formError} />
      <Field label={t("label")} error={fieldError}>
        {(control) => (
          <Input
            {...control}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            autoFocus
            spellCheck={false}
            maxLength={64}
            className="font-mono tracking-widest"
          />
        )}
      </Field>
      {offerTrust && (
        <div className="flex items-center gap-2">
          <Checkbox id={trustId} checked={trust} onCheckedChange={(value) => setTrust(value === true)} />
          <Label htmlFor={trustId} className="font-normal">
            {t("trustBrowser")}
          </Label>
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
        )}
        <Button type="submit" disabled={busy} className={onCancel ? undefined : "w-full"}>
          {busy && <LoaderIcon className="animate-spin" aria-hidden />}
          {busy ? submittingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
