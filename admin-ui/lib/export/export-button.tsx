import { DownloadIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/**
 * "Export CSV": a plain download link to /api/export/<resource> with the list's own filters,
 * so the file holds every row the view matches (streamed by the route), not the page shown.
 */
export function ExportButton({
  resource,
  filters,
}: {
  resource: string;
  filters: Record<string, string | null | undefined>;
}) {
  const t = useTranslations("exports");
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  const search = query.toString();
  return (
    <Button variant="outline" size="sm" asChild>
      <a href={`/api/export/${resource}${search ? `?${search}` : ""}`} download>
        <DownloadIcon aria-hidden /> {t("button")}
      </a>
    </Button>
  );
}
