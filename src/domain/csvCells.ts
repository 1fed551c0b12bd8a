/**
 * Cells a spreadsheet would run as a formula. OWASP's CSV injection advice:
 * a cell that begins with = + - @, a tab or a carriage return is written
 * with a leading apostrophe (and quoted), so Excel, LibreOffice and Google
 * Sheets show the text instead of evaluating it (`=HYPERLINK(…)` in a
 * customer's name). A plain number written as text ("-5", "+1.25") is left
 * as it is, so negative amounts stay numbers; numbers given as numbers are
 * never touched (papaparse skips them).
 */

/** papaparse's `escapeFormulae`: the cells to neutralise (see the file comment). */
export const CSV_FORMULA_CELL = /^(?![-+]?\d+(?:\.\d+)?$)[=+\-@\t\r]/;
