// A text field of a CSV (or sheet) the service writes, made safe to open in a spreadsheet
// (issue #41 item 9). OWASP, "CSV Injection": a cell beginning with =, +, -, @, TAB (0x09) or
// CR (0x0D) is read by Excel, LibreOffice and Google Sheets as a formula; prefixing it with a
// single quote makes it text. Only text fields: a number column keeps its minus sign (a credit
// written -1200 must stay the number -1200), and its value is written by the service from an
// integer, never from a caller's text, so it cannot carry a formula.

const FORMULA_START = /^[=+\-@\t\r]/;

/** The text as a cell that no spreadsheet reads as a formula: a leading ' when it would be one. */
export function neutraliseCsvText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
