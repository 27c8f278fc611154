// Some exports name the account on a line above the header instead of in a column:
// Handelsbanken's clearing-and-account line, Skandia's "Kontonummer" row.

import type { CsvRecord } from "../tokenize";

const digitCount = (s: string) => (s.match(/\d/g) ?? []).length;
const ACCOUNT = /\d[\d\s.-]{6,}\d/;

/** The account number from a "Konto..." label cell, or a "Konto...: number" cell. */
export function accountInPreamble(preamble: CsvRecord[]): string | null {
  for (const { cells } of preamble) {
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i].trim();
      if (!/konto/i.test(cell)) continue;
      const inline = ACCOUNT.exec(cell.replace(/^[^:]*:/, ""));
      if (/:/.test(cell) && inline && digitCount(inline[0]) >= 8) return inline[0].trim();
      const next = (cells[i + 1] ?? "").trim();
      const m = ACCOUNT.exec(next);
      if (m && digitCount(m[0]) >= 8) return m[0].trim();
    }
  }
  return null;
}
