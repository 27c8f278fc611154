// What the import domain de-duplicates on (spec, Imports: "Duplicates are skipped by
// external_id (and by date, amount, description hash)"). The hashing itself (SHA-256) is the
// caller's; this module only fixes what goes into it, so that the same row read twice, or
// read from a re-export with different spacing or letter case, gives the same input.

import type { BankRow } from "./types";

/** Lower case, whitespace (no-break space included) collapsed to one space, digits kept. */
export function normaliseDescription(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\s\u00a0\u202f]+/g, " ")
    .trim();
}

export type DedupeKey = { by: "external_id"; value: string } | { by: "hash_input"; value: string };

/** The bank's id when the row has one; else the text to hash: date, amount and description. */
export function dedupeKey(
  row: Pick<BankRow, "external_id" | "booking_date" | "amount_ore" | "description">,
): DedupeKey {
  if (row.external_id) return { by: "external_id", value: row.external_id };
  return { by: "hash_input", value: `${row.booking_date}|${row.amount_ore}|${normaliseDescription(row.description)}` };
}
