import { stringify } from 'csv-stringify/sync'

/*
 * Downloads as CSV (issue 31): a header row, then one row per record, dates in ISO 8601, for a
 * spreadsheet to open. Every cell is guarded against CSV injection.
 */

/** What a spreadsheet reads as the start of a formula: = + - @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * A cell as written: one a spreadsheet would run as a formula gets a leading apostrophe, which
 * spreadsheets show as text (OWASP, CSV injection). Client names and notes are typed by people.
 */
export function guardCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value
}

export type CsvCell = string | null

/**
 * The rows as CSV text: RFC 4180 (CRLF, fields quoted when they must be), with a byte order mark
 * so that Excel reads the text as UTF-8; an empty cell for null.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    rows.map((row) => row.map((cell) => guardCell(cell ?? ''))),
    // A line break of either kind is quoted, not only the CRLF between records.
    { bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  )
}

/** A name's part of a file name: lower case letters and digits joined by dashes. */
export function fileNamePart(name: string, fallback: string): string {
  const part = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '')
  return part || fallback
}

/** The headers of a CSV download saved as `fileName` (letters, digits, dots and dashes only). */
export function csvHeaders(fileName: string) {
  return {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${fileName}"`,
  }
}
