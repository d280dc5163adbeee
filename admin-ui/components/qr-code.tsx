"use client";

import { useTranslations } from "next-intl";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

/** A QR code (a BR Code, an otpauth:// URI), drawn in the browser as SVG. */
export function QrCode({
  value,
  size = 220,
  className,
  label,
}: {
  value: string;
  size?: number;
  className?: string;
  /** What a screen reader says of the image (default: a PIX charge's QR code). */
  label?: string;
}) {
  const t = useTranslations("common");
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    QRCode.toString(value, { type: "svg", errorCorrectionLevel: "M", margin: 1 }).then((text) => {
      if (!cancelled) setSvg(text);
    });
    return () => {
      cancelled = true;
    };
  }, [value]);
  if (!svg) return <Skeleton className={cn("rounded-lg", className)} style={{ width: size, height: size }} />;
  return (
    <div
      role="img"
      aria-label={label ?? t("qrCode")}
      className={cn("rounded-lg border bg-white p-2 [&>svg]:size-full", className)}
      style={{ width: size, height: size }}
      // The SVG comes from the qrcode library, built from the BR Code text: no markup from users.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: generated SVG, see above
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
