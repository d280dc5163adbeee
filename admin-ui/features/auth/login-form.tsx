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
import { homeOf, safeNextPath } from "@/lib/auth/viewer";
import { errorMessage, execute, GraphQLRequestError } from "@/lib/graphql/execute";
import { SignInDocument } from "./documents";

const schema = z.object({
  email: z.string().trim().min(1, "Enter your e-mail.").email("Enter a valid e-mail address."),
  password: z.string().min(1, "Enter your password."),
});
type Values = z.infer<typeof schema>;

/** E-mail and password; errors beside their fields, the API's verdict above the button. */
export function LoginForm({ next }: { next: string | null }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { signIn } = await execute(SignInDocument, values);
      // Checked again where the browser navigates, against the origin it is really on.
      router.replace(safeNextPath(next, window.location.origin) ?? homeOf(signIn));
      router.refresh();
    } catch (error) {
      if (error instanceof GraphQLRequestError && error.code === "UNAUTHENTICATED") {
        setFormError("Wrong e-mail or password.");
        form.setFocus("password");
      } else {
        setFormError(errorMessage(error));
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Sign in">
      <FormError message={formError} />
      <Field label="E-mail" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="username" autoFocus {...form.register("email")} />}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(control) => (
          <Input {...control} type="password" autoComplete="current-password" {...form.register("password")} />
        )}
      </Field>
      <Button type="submit" className="mt-1 w-full" disabled={isSubmitting}>
        {isSubmitting && <LoaderIcon className="animate-spin" aria-hidden />}
        {isSubmitting ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
