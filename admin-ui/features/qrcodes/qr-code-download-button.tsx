"use client";

import { DownloadIcon } from "lucide-react";
import QRCode from "qrcode";
import { Button } from "@/components/ui/button";

/** The side of the downloaded PNG: sharp when printed at 10 cm and more. */
const PNG_SIZE = 1024;

/** Downloads the BR Code as a PNG to print, drawn in the browser (the same image GET /qrcodes/:id/image answers). */
export function QrCodeDownloadButton({ value, fileName, label }: { value: string; fileName: string; label: string }) {
  const download = async () => {
    const url = await QRCode.toDataURL(value, { errorCorrectionLevel: "M", margin: 4, width: PNG_SIZE });
    const link = document.createElement("a");
    link.href = url;
    link.download = `${fileName}.png`;
    link.click();
  };
  return (
    <Button type="button" variant="outline" size="sm" onClick={download}>
      <DownloadIcon aria-hidden /> {label}
    </Button>
  );
}
