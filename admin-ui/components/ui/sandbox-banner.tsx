import { FlaskConicalIcon } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * A strip across the top of a page that says the service runs on the sandbox bank
 * (PIX_PROVIDER=sandbox): nothing paid or sent there is real money. Shared by the payer's page
 * and the console's shells; the caller gives the text in its reader's language.
 */
export function SandboxBanner({
  title,
  description,
  className,
}: {
  title: string;
  description?: string;
  className?: string;
}) {
  return (
    <div
      role="note"
      data-testid="sandbox-banner"
      className={cn(
        "flex items-start justify-center gap-2 border-b border-status-warn/25 bg-status-warn-bg px-4 py-2 text-center text-xs text-status-warn",
        className,
      )}
    >
      <FlaskConicalIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      <p>
        <span className="font-semibold">{title}</span>
        {description ? <span> {description}</span> : null}
      </p>
    </div>
  );
}
