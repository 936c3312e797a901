// Cells of the CSV files we write: the catalogue export, the newsletter's subscribers and the
// dashboard's downloads. Shared by the server and the browser.

/**
 * OWASP CSV injection: a spreadsheet runs a cell that starts with = + - @ (or a tab or carriage
 * return) as a formula. Such a cell is written after an apostrophe, which spreadsheets show as
 * text. A cell that really starts with an apostrophe gets one more, so reading takes exactly one
 * away from any of these and every value comes back as it was.
 */
const ESCAPED_START = /^[=+\-@\t\r']/;

export function neutraliseCell(text: string): string {
  return ESCAPED_START.test(text) ? `'${text}` : text;
}

/** The value of a cell `neutraliseCell` wrote; any other cell is left as it is. */
export function restoreCell(cell: string): string {
  return cell.startsWith("'") && ESCAPED_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}
