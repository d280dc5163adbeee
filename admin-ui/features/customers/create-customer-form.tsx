"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { canonicalizePixKey } from "@server/withdrawals/pix-key";
import { LoaderIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field, FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { execute } from "@/lib/graphql/execute";
import { useAction } from "@/lib/use-action";
import { documentFields } from "./document-input";
import { CreateCustomerDocument } from "./documents";

/** A phone as the API takes it: +55 and the digits. */
function phoneToSend(text: string): string {
  const digits = text.replace(/\D/g, "");
  return digits.startsWith("55") && digits.length > 11 ? `+${digits}` : `+55${digits}`;
}

/** Its messages are keys of the `customers.create` catalogue. */
const schema = z.object({
  name: z.string().trim().min(1, "nameRequired").max(140, "nameTooLong"),
  document: z.string().refine((text) => documentFields(text) !== null, "documentInvalid"),
  // The API's own checks (a Pix e-mail key, a Brazilian phone); it checks them again.
  email: z
    .string()
    .trim()
    .refine((text) => text === "" || canonicalizePixKey("EMAIL", text).ok, "emailInvalid"),
  phone: z
    .string()
    .trim()
    .refine((text) => text === "" || canonicalizePixKey("TELEFONE", phoneToSend(text)).ok, "phoneInvalid"),
});
type Values = z.infer<typeof schema>;
type MessageKey = "nameRequired" | "nameTooLong" | "documentInvalid" | "emailInvalid" | "phoneInvalid";

/** A new customer: name, CPF or CNPJ, e-mail and phone; their page opens on success. */
export function CreateCustomerForm() {
  const t = useTranslations("customers.create");
  const router = useRouter();
  const { run, error: formError } = useAction();
  // After success the form stays disabled while the new page opens.
  const [leaving, setLeaving] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: "", document: "", email: "", phone: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const message = (key: string | undefined) => (key ? t(key as MessageKey) : undefined);

  const submit = form.handleSubmit(async (values) => {
    await run(
      () =>
        execute(CreateCustomerDocument, {
          input: {
            name: values.name,
            ...documentFields(values.document),
            email: values.email || null,
            phone: values.phone ? phoneToSend(values.phone) : null,
          },
        }),
      {
        inForm: true,
        refresh: false,
        success: ({ createCustomer }) => t("created", { name: createCustomer.name }),
        onSuccess: ({ createCustomer }) => {
          setLeaving(true);
          router.push(`/m/customers/${createCustomer.id}`);
        },
      },
    );
  });
  const busy = isSubmitting || leaving;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t("formLabel")}>
      <FormError message={formError} />
      <Field label={t("name")} error={message(errors.name?.message)}>
        {(control) => <Input {...control} maxLength={140} autoComplete="off" autoFocus {...form.register("name")} />}
      </Field>
      <Field label={t("document")} error={message(errors.document?.message)}>
        {(control) => <Input {...control} inputMode="numeric" autoComplete="off" {...form.register("document")} />}
      </Field>
      <Field label={t("email")} error={message(errors.email?.message)}>
        {(control) => <Input {...control} type="email" autoComplete="off" {...form.register("email")} />}
      </Field>
      <Field label={t("phone")} error={message(errors.phone?.message)} hint={t("phoneHint")}>
        {(control) => <Input {...control} type="tel" autoComplete="off" {...form.register("phone")} />}
      </Field>
      <Button type="submit" disabled={busy} className="sm:justify-self-start">
        {busy && <LoaderIcon className="animate-spin" aria-hidden />}
        {busy ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
