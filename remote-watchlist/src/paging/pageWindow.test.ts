import { pageWindow, TABLE_PAGE_SIZE } from './pageWindow';

describe('pageWindow', () => {
  it('shows 6 rows per page', () => {
    expect(TABLE_PAGE_SIZE).toBe(6);
    expect(pageWindow(13, 1)).toEqual({ page: 1, totalPages: 3, start: 0, end: 6, total: 13 });
    expect(pageWindow(13, 2)).toEqual({ page: 2, totalPages: 3, start: 6, end: 12, total: 13 });
    expect(pageWindow(13, 3)).toEqual({ page: 3, totalPages: 3, start: 12, end: 13, total: 13 });
  });

  it('fills the last page exactly when the count is a multiple of 6', () => {
    expect(pageWindow(12, 2)).toEqual({ page: 2, totalPages: 2, start: 6, end: 12, total: 12 });
  });

  it('clamps the page down when the list shrinks', () => {
    // Page 3 of 13 items; one is removed: 12 items make two pages.
    expect(pageWindow(12, 3)).toMatchObject({ page: 2, totalPages: 2, start: 6, end: 12 });
    expect(pageWindow(6, 3)).toMatchObject({ page: 1, totalPages: 1, start: 0, end: 6 });
  });

  it('is page 1 of 1 with no rows for an empty list', () => {
    expect(pageWindow(0, 1)).toEqual({ page: 1, totalPages: 1, start: 0, end: 0, total: 0 });
    expect(pageWindow(0, 4)).toEqual({ page: 1, totalPages: 1, start: 0, end: 0, total: 0 });
  });

  it('never goes below page 1', () => {
    expect(pageWindow(13, 0).page).toBe(1);
    expect(pageWindow(13, -2).page).toBe(1);
    expect(pageWindow(13, Number.NaN).page).toBe(1);
  });

  it('takes another page size', () => {
    expect(pageWindow(25, 3, 10)).toEqual({
      page: 3,
      totalPages: 3,
      start: 20,
      end: 25,
      total: 25,
    });
  });
});
