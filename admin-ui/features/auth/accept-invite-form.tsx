"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field, FormError } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { homeOf } from "@/lib/auth/viewer";
import { errorMessage, execute, GraphQLRequestError } from "@/lib/graphql/execute";
import { AcceptInviteDocument } from "./documents";

const schema = z
  .object({
    name: z.string().trim().min(2, "Enter your name.").max(120),
    password: z.string().min(12, "Use at least 12 characters."),
    confirm: z.string(),
  })
  .refine((values) => values.password === values.confirm, { path: ["confirm"], message: "The passwords differ." });
type Values = z.infer<typeof schema>;

export function AcceptInviteForm({ token }: { token: string }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(
    token ? null : "This invite link is incomplete. Open the link from your invite again.",
  );
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: "", password: "", confirm: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ name, password }) => {
    setFormError(null);
    try {
      const { acceptInvite } = await execute(AcceptInviteDocument, { token, password, name });
      router.replace(homeOf(acceptInvite));
      router.refresh();
    } catch (error) {
      setFormError(
        error instanceof GraphQLRequestError && (error.code === "NOT_FOUND" || error.code === "UNAUTHENTICATED")
          ? "This invite is no longer valid. Ask for a new one."
          : errorMessage(error),
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Accept invite">
      <FormError message={formError} />
      <Field label="Your name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="name" autoFocus {...form.register("name")} />}
      </Field>
      <Field label="Password" hint="At least 12 characters." error={errors.password?.message}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register("password")} />}
      </Field>
      <Field label="Repeat password" error={errors.confirm?.message}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register("confirm")} />}
      </Field>
      <Button type="submit" className="mt-1 w-full" disabled={isSubmitting || !token}>
        {isSubmitting && <LoaderIcon className="animate-spin" aria-hidden />}
        Join and sign in
      </Button>
    </form>
  );
}
