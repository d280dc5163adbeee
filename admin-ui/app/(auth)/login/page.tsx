import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthFrame } from "@/components/auth-frame";
import { LoginForm } from "@/features/auth/login-form";
import { consoleOrigin, getViewer } from "@/lib/auth/session";
import { homeOf, safeNextPath } from "@/lib/auth/viewer";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  const nextPath = safeNextPath(typeof next === "string" ? next : null, consoleOrigin());
  const viewer = await getViewer();
  if (viewer) redirect(nextPath ?? homeOf(viewer));
  return (
    <AuthFrame title="Sign in to PIX Console" description="Operators and merchant teams sign in here.">
      <LoginForm next={nextPath} />
    </AuthFrame>
  );
}
