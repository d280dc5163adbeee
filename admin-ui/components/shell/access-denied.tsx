import { ShieldAlertIcon } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";

/** What a signed-in user sees on pages of another audience (e.g. a merchant on /ops). */
export function AccessDenied({ home, audience }: { home: string; audience: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
        <div className="mx-auto flex size-11 items-center justify-center rounded-full bg-status-danger-bg text-status-danger">
          <ShieldAlertIcon className="size-5" aria-hidden />
        </div>
        <h1 className="mt-4 text-lg font-semibold">You don’t have access to this page</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          This part of the console is for {audience}. Your account can’t open it.
        </p>
        <Button asChild className="mt-6">
          <Link href={home}>Go to your home</Link>
        </Button>
      </div>
    </main>
  );
}
