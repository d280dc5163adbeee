import { CircleHelpIcon, HourglassIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { PayerFrame } from "./payer-frame";

/** A payer's page that cannot be shown: an address that asked too often, or no such page. */
export function PayerProblem({ kind }: { kind: "rateLimited" | "notFound" }) {
  const t = useTranslations(`payer.problems.${kind}`);
  const Icon = kind === "rateLimited" ? HourglassIcon : CircleHelpIcon;
  return (
    <PayerFrame sandbox={false}>
      <div className="flex flex-col items-center gap-3 py-6 text-center" data-testid={`payer-${kind}`}>
        <div className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Icon className="size-5" aria-hidden />
        </div>
        <h1 className="text-lg font-semibold">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">{t("description")}</p>
      </div>
    </PayerFrame>
  );
}
