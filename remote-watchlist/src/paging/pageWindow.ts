export const TABLE_PAGE_SIZE = 6;

export interface PageWindow {
  /** The page actually shown: clamped to 1..totalPages. */
  page: number;
  totalPages: number;
  /** Index of the first row on the page (0-based) and one past the last. */
  start: number;
  end: number;
  total: number;
}

/** Which rows a page shows; the page is clamped down when the list shrinks. */
export function pageWindow(
  total: number,
  requestedPage: number,
  pageSize = TABLE_PAGE_SIZE,
): PageWindow {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requestedPage) || 1), totalPages);
  const start = (page - 1) * pageSize;
  return { page, totalPages, start, end: Math.min(start + pageSize, total), total };
}
