import { redirect } from "next/navigation";

/** A QR code's own page is its sheet to print (the breadcrumb's link to the code leads here). */
export default async function QrCodePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  redirect(`/m/qrcodes/${encodeURIComponent(id)}/print`);
}
