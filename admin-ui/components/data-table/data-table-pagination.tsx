"use client";

import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { formatInteger } from "@/lib/format";
import { PAGE_SIZES } from "./search-params";
import { useTableUrlState } from "./use-table-url-state";

/**
 * Offset lists know their total and jump to any page; keyset lists (`first`/`after`) only
 * know whether there is a next page and its cursor, so they go forward or back to the start.
 */
export type PaginationInfo =
  | { kind: "offset"; page: number; perPage: number; total: number; totalCapped?: boolean }
  | { kind: "cursor"; perPage: number; endCursor: string | null; hasNextPage: boolean; isFirstPage: boolean };

/** `shown`: rows on this page, so the range names what the table shows ("21–27 de 27"). */
export function DataTablePagination({ info, shown }: { info: PaginationInfo; shown?: number }) {
  const t = useTranslations("common.table");
  const { setState } = useTableUrlState();
  const sizeSelect = (
    <div className="flex items-center gap-2">
      <span id="rows-per-page" className="hidden text-xs text-muted-foreground sm:inline">
        {t("rowsPerPage")}
      </span>
      <NativeSelect
        size="sm"
        aria-labelledby="rows-per-page"
        aria-label={t("rowsPerPage")}
        className="w-[4.5rem]"
        value={String(info.perPage)}
        onChange={(event) => void setState({ perPage: Number(event.target.value), page: 1, after: null })}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={String(size)}>
            {size}
          </option>
        ))}
      </NativeSelect>
    </div>
  );

  if (info.kind === "cursor") {
    return (
      <nav aria-label={t("pagination")} className="flex items-center justify-between gap-3 border-t px-3 py-2.5">
        {sizeSelect}
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="sm"
            disabled={info.isFirstPage}
            onClick={() => void setState({ after: null, page: 1 })}
          >
            <ChevronsLeftIcon aria-hidden /> {t("firstPage")}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!info.hasNextPage || !info.endCursor}
            onClick={() => void setState({ after: info.endCursor })}
          >
            {t("next")} <ChevronRightIcon aria-hidden />
          </Button>
        </div>
      </nav>
    );
  }

  const pageCount = Math.max(1, Math.ceil(info.total / info.perPage));
  const page = Math.min(Math.max(1, info.page), pageCount);
  const from = info.total === 0 ? 0 : (page - 1) * info.perPage + 1;
  const to = Math.min(
    info.total,
    page * info.perPage,
    shown === undefined ? Number.POSITIVE_INFINITY : from - 1 + shown,
  );
  const go = (next: number) => void setState({ page: next });
  return (
    <nav
      aria-label={t("pagination")}
      className="flex flex-wrap items-center justify-between gap-3 border-t px-3 py-2.5"
    >
      <p className="tabular text-xs text-muted-foreground" aria-live="polite">
        {t("range", { from: formatInteger(from), to: formatInteger(to), total: formatInteger(info.total) })}
        {info.totalCapped ? "+" : ""}
      </p>
      <div className="flex items-center gap-3">
        {sizeSelect}
        <span className="tabular hidden text-xs text-muted-foreground md:inline">
          {t("pageOf", { page: formatInteger(page), pages: formatInteger(pageCount) })}
          {info.totalCapped ? "+" : ""}
        </span>
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon-sm"
            disabled={page <= 1}
            onClick={() => go(1)}
            aria-label={t("firstPage")}
            className="hidden sm:inline-flex"
          >
            <ChevronsLeftIcon aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="icon-sm"
            disabled={page <= 1}
            onClick={() => go(page - 1)}
            aria-label={t("previousPage")}
          >
            <ChevronLeftIcon aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="icon-sm"
            disabled={page >= pageCount}
            onClick={() => go(page + 1)}
            aria-label={t("nextPage")}
          >
            <ChevronRightIcon aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="icon-sm"
            disabled={page >= pageCount}
            onClick={() => go(pageCount)}
            aria-label={t("lastPage")}
            className="hidden sm:inline-flex"
          >
            <ChevronsRightIcon aria-hidden />
          </Button>
        </div>
      </div>
    </nav>
  );
}
