import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthFrame } from "@/components/auth-frame";
import { LoginForm } from "@/features/auth/login-form";
import { consoleOrigin, getViewer } from "@/lib/auth/session";
import { homeOf, safeNextPath } from "@/lib/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.signIn"))("metaTitle") };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  const nextPath = safeNextPath(typeof next === "string" ? next : null, consoleOrigin());
  const viewer = await getViewer();
  if (viewer) redirect(nextPath ?? homeOf(viewer));
  const t = await getTranslations("auth.signIn");
  return (
    <AuthFrame title={t("title")} description={t("description")}>
      <LoginForm next={nextPath} />
    </AuthFrame>
  );
}
