import { validationError } from "./errors";

export interface PageRequest<S> {
  status?: S | null;
  limit?: number | null;
  offset?: number | null;
}

export interface Page<T> {
  data: T[];
  total: number;
  limit: number;
  offset: number;
}

/** limit 1..100 (default 20), offset >= 0 (default 0). */
export function checkPage(request: PageRequest<unknown>): { limit: number; offset: number } {
  const limit = request.limit ?? 20;
  const offset = request.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw validationError("limit must be an integer from 1 to 100");
  if (!Number.isInteger(offset) || offset < 0) throw validationError("offset must be an integer >= 0");
  return { limit, offset };
}
