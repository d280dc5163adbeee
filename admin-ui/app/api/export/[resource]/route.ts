import { getTranslations } from "next-intl/server";
import { actorLine } from "@/components/actor-name";
import type { CsvWords } from "@/lib/export/csv";
import { exportClient } from "@/lib/export/graphql-client";
import { findExport } from "@/lib/export/registry";
import { streamCsv } from "@/lib/export/stream";
import { GraphQLRequestError } from "@/lib/graphql/errors";

const STATUS_OF_CODE: Record<string, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  VALIDATION_ERROR: 400,
  BAD_USER_INPUT: 400,
  RATE_LIMITED: 429,
};

function errorAnswer(status: number, code: string, error: string): Response {
  return Response.json({ error, code }, { status });
}

/**
 * GET /api/export/<resource>?<the list's filters>: every filtered row as a CSV download,
 * read through GraphQL with the caller's session (the API decides what they may read).
 */
export async function GET(request: Request, { params }: { params: Promise<{ resource: string }> }) {
  const { resource } = await params;
  const definition = findExport(resource);
  if (!definition) return errorAnswer(404, "NOT_FOUND", `No export named ${resource}`);
  const filters = new URL(request.url).searchParams;
  try {
    // The file speaks the language of whoever downloads it, as the page they clicked on.
    const [t, tStatement, tActors] = await Promise.all([
      getTranslations("exports"),
      getTranslations("statement"),
      getTranslations("actors"),
    ]);
    const words: CsvWords = {
      header: (key) => t(`headers.${key}`),
      yes: t("yes"),
      no: t("no"),
      statement: (key) => tStatement(key),
      actor: (actor) => actorLine(actor, tActors),
    };
    const body = await streamCsv(definition, exportClient(request), filters, words);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(body, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${definition.filename}-${day}.csv"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (error) {
    if (error instanceof GraphQLRequestError && STATUS_OF_CODE[error.code])
      return errorAnswer(STATUS_OF_CODE[error.code], error.code, error.message);
    console.error("export failed", resource, error instanceof Error ? error.message : error);
    return errorAnswer(500, "INTERNAL_ERROR", "The export could not be made. Try again.");
  }
}
