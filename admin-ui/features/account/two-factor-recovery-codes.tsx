"use client";

import { DownloadIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { CopyButton } from "@/components/copy-button";
import { Button } from "@/components/ui/button";

/** The codes as a text file the browser saves (nothing leaves the page). */
function download(name: string, lines: string[]) {
  const url = URL.createObjectURL(new Blob([`${lines.join("\n")}\n`], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `${name}.txt`;
  link.click();
  URL.revokeObjectURL(url);
}

/** The ten recovery codes, shown once, each on one line (never cut mid-code), to copy or download. */
export function TwoFactorRecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useTranslations("twoFactor.recovery");
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h2 className="text-base font-semibold">{t("title")}</h2>
        <p className="text-sm text-muted-foreground">{t("description")}</p>
      </div>
      <ul
        aria-label={t("listLabel")}
        data-testid="recovery-codes"
        className="grid grid-cols-1 gap-1.5 rounded-md bg-muted p-3 font-mono text-sm sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="whitespace-nowrap">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          onClick={() => download(t("downloadFile"), [t("fileHeading", { host: location.host }), "", ...codes])}
        >
          <DownloadIcon aria-hidden /> {t("download")}
        </Button>
        <CopyButton value={codes.join("\n")} label={t("copy")} showLabel />
        <Button onClick={onDone}>{t("done")}</Button>
      </div>
    </div>
  );
}
