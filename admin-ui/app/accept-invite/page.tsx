import type { Metadata } from "next";
import { AuthFrame } from "@/components/auth-frame";
import { AcceptInviteForm } from "@/features/auth/accept-invite-form";

export const metadata: Metadata = { title: "Accept invite" };

export default async function AcceptInvitePage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  return (
    <AuthFrame title="Join PIX Console" description="Choose your name and a password to finish your invite.">
      <AcceptInviteForm token={typeof token === "string" ? token : ""} />
    </AuthFrame>
  );
}
