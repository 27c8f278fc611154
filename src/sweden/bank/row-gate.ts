// The last check every parsed bank row passes, whatever format it came in (issue #34): a file
// may not store what the JSON API refuses.
//
// - Dates: booking, value and transaction date must be real calendar days (isValidDate, the
//   one date check). A row with an impossible date (camt "2026-02-30", BgMax "20260230") is
//   rejected with its line and the reason, like a malformed amount; it would otherwise become
//   a voucher dated 2026-02-30 when categorised. A statement's opening or closing balance date
//   that is not a real day is dropped with a warning (the balance itself is still checked).
// - Text: the JSON bodies' text rule (src/text.ts). A bank's description is what the bank
//   wrote, and an accountant wants every row of the statement, so a row is not rejected for its
//   text: control characters become spaces (the description keeps \n and \t, as a JSON
//   description may), bidi controls and lone surrogates are removed.
// - Length: each text is cut to the length its JSON counterpart allows (a journal entry's
//   description: 1000 characters; names 200; a details value 500), again keeping the row.
// Cleaned and cut rows are named by line in the result's warnings.

import { cleanText } from "../../text";
import { isValidDate } from "../fiscal-year";
import type { BankRow, BankStatement, RejectedRow } from "./types";

/** The longest text each field stores; the JSON API's limits for the same kind of text. */
export const BANK_TEXT_LIMITS = {
  description: 1000,
  counterparty_name: 200,
  counterparty_account: 100,
  reference: 200,
  external_id: 200,
  detail: 500,
} as const;

/** How many lines a warning names before it says "and N more". */
const LINES_NAMED = 20;

const where = (row: BankRow) => (row.source.line === null ? row.source.record : `line ${row.source.line}`);

/** The first date of the row that is not a real day, as a rejection reason, or null. */
export function impossibleDate(row: BankRow): string | null {
  const dates = { booking_date: row.booking_date, value_date: row.value_date, transaction_date: row.transaction_date };
  for (const [field, value] of Object.entries(dates)) {
    if (value !== null && !isValidDate(value))
      return value.length > 10
        ? `${field} "${value}" is not a real calendar date, or date and time (YYYY-MM-DDThh:mm:ss)`
        : `${field} "${value}" is not a real calendar date`;
  }
  return null;
}

interface TextOutcome {
  cleaned: boolean;
  cut: string[];
}

/** The text made to obey the rule and the limit, noting what was changed. */
function fitText(value: string, limit: number, field: string, outcome: TextOutcome): string {
  // as in a JSON body, a description may hold \n and \t; every other text is one line
  let out = cleanText(value, field === "description");
  if (out !== value) outcome.cleaned = true;
  if (out.length > limit) {
    outcome.cut.push(`${field} (${out.length} characters)`);
    // never split a surrogate pair
    const end = out.charCodeAt(limit - 1) >= 0xd800 && out.charCodeAt(limit - 1) <= 0xdbff ? limit - 1 : limit;
    out = out.slice(0, end);
  }
  return out;
}

/** Applies the text rule and the limits to every text of the row, in place. */
function fitRowText(row: BankRow): TextOutcome {
  const outcome: TextOutcome = { cleaned: false, cut: [] };
  const fitField = (v: string, field: keyof typeof BANK_TEXT_LIMITS, name: string = field) =>
    fitText(v, BANK_TEXT_LIMITS[field], name, outcome);
  const fitNullable = (v: string | null, field: keyof typeof BANK_TEXT_LIMITS) =>
    v === null ? null : fitField(v, field);
  row.description = fitField(row.description, "description");
  row.counterparty_name = fitNullable(row.counterparty_name, "counterparty_name");
  row.counterparty_account = fitNullable(row.counterparty_account, "counterparty_account");
  row.reference = fitNullable(row.reference, "reference");
  row.external_id = fitNullable(row.external_id, "external_id");
  row.ocr_references = row.ocr_references.map((r) => fitField(r, "reference"));
  for (const key of Object.keys(row.details)) row.details[key] = fitField(row.details[key], "detail", `details.${key}`);
  return outcome;
}

/** "what on N row(s): line 1, line 2... and M more"; `places` needs only its first LINES_NAMED. */
function namedLines(what: string, places: string[], count: number): string {
  const named = places.slice(0, LINES_NAMED).join(", ");
  const more = count > LINES_NAMED ? ` and ${count - LINES_NAMED} more` : "";
  return `${what} on ${count} row(s): ${named}${more}`;
}

export { LINES_NAMED };

/** What the gate made of a list of rows: those kept (text fitted), those rejected, and where it cleaned or cut text. */
export interface GatedRows {
  kept: BankRow[];
  rejected: RejectedRow[];
  /** where text was cleaned ("line 12"), in the rows' order */
  cleaned: string[];
  /** where text was cut, with what ("line 12 description (1200 characters)"), in the rows' order */
  cut: string[];
}

/** The per-row part of gateRows: a byte range of a large file gates its own rows (csv/ranges.ts). */
export function gateRowList(rows: BankRow[]): GatedRows {
  const out: GatedRows = { kept: [], rejected: [], cleaned: [], cut: [] };
  for (const row of rows) {
    const reason = impossibleDate(row);
    if (reason) {
      out.rejected.push({ line: row.source.line, record: row.source.record, reason });
      continue;
    }
    const outcome = fitRowText(row);
    if (outcome.cleaned) out.cleaned.push(where(row));
    if (outcome.cut.length) out.cut.push(`${where(row)} ${outcome.cut.join(", ")}`);
    out.kept.push(row);
  }
  return out;
}

/** A statement's balance date that is not a real day, dropped, and the warning saying so (or null). */
export function balanceDateWarning(
  statement: Pick<BankStatement, "statement_id" | "opening_balance_date" | "closing_balance_date">,
  key: "opening_balance_date" | "closing_balance_date",
): string | null {
  const value = statement[key];
  if (value === undefined || isValidDate(value)) return null;
  delete statement[key];
  return `${statement.statement_id ?? "statement"}: ${key} "${value}" is not a real calendar date; ignored`;
}

/** The warnings naming where text was cleaned and cut, given the places (or the first of them) and how many. */
export function textWarnings(cleaned: { places: string[]; count: number }, cut: { places: string[]; count: number }) {
  const warnings: string[] = [];
  if (cleaned.count)
    warnings.push(
      namedLines(
        "control or bidirectional characters removed from the text (control characters became spaces)",
        cleaned.places,
        cleaned.count,
      ),
    );
  if (cut.count) warnings.push(namedLines("text cut to the API's length limit", cut.places, cut.count));
  return warnings;
}

/**
 * Rejects the rows with an impossible date (added to `rejected`), fits every kept row's text
 * to the rule and the limits, and drops impossible balance dates; returns the warnings.
 */
export function gateRows(statements: BankStatement[], rejected: RejectedRow[]): string[] {
  const warnings: string[] = [];
  const cleaned: string[] = [];
  const cut: string[] = [];
  for (const statement of statements) {
    const gated = gateRowList(statement.rows);
    statement.rows = gated.kept;
    rejected.push(...gated.rejected);
    cleaned.push(...gated.cleaned);
    cut.push(...gated.cut);
    for (const key of ["opening_balance_date", "closing_balance_date"] as const) {
      const warning = balanceDateWarning(statement, key);
      if (warning) warnings.push(warning);
    }
  }
  warnings.push(...textWarnings({ places: cleaned, count: cleaned.length }, { places: cut, count: cut.length }));
  // rejections in file order, whichever step found them
  rejected.sort((a, b) => (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER));
  return warnings;
}
