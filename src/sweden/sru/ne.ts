// The NE-bilaga of a sole trader as SRU fields (pure): the räkenskapsschema R1-R11 from the
// figures src/sweden/ne.ts computes from the books, and the balance sheet B1-B16 from
// src/sweden/ne-balance.ts, in whole kronor.
//
// Balance sheet codes: B1 7200, B2 7210, B3 7211, B4 7212, B5 7213, B6 7240, B7 7250, B8 7260,
// B9 7280, B10 7300, B11 7320, B12 7330, B13 7380, B14 7381, B15 7382, B16 7383, as Dans.se's
// help page "SRU-koder enligt TAX 2006" (https://dans.se/help/finance/accounts/sru_codes/) lists
// them with the fields' names (7200 "Immateriella anläggningstillgångar" ... 7383 "Övriga
// skulder"); the same page gives R1-R3 as 7400-7402, as below. A secondary source: check it
// against Skatteverket's fältnamnstabell for NE before relying on it (docs/tax.md).
//
// Field codes: R1 7400, R2 7401, R3 7402, R4 7403, R5 7500, R6 7501, R7 7502, R8 7503, R9 7504,
// R10 7505, R11 7440. Skatteverket's fältnamnstabell for NE could not be read here: the codes are
// the ones independent public SRU writers agree on for NE-2024P4..NE-2026P4 (e.g. their tests
// write R1 on 7400, R6 on 7501, R11 on 7440); check them against Skatteverket's table before
// relying on them. The rest of the form is left out, not
// guessed: the tax adjustments R12 onwards (their field codes are not sourced here, and
// egenavgifter, R40-R41, are not computed).
import { type SruField, amountFields, dateValue, wholeKronor } from "./files";

export const NE_FIELD_CODES: Record<string, string> = {
  R1: "7400",
  R2: "7401",
  R3: "7402",
  R4: "7403",
  R5: "7500",
  R6: "7501",
  R7: "7502",
  R8: "7503",
  R9: "7504",
  R10: "7505",
  R11: "7440",
  B1: "7200",
  B2: "7210",
  B3: "7211",
  B4: "7212",
  B5: "7213",
  B6: "7240",
  B7: "7250",
  B8: "7260",
  B9: "7280",
  B10: "7300",
  B11: "7320",
  B12: "7330",
  B13: "7380",
  B14: "7381",
  B15: "7382",
  B16: "7383",
};

/**
 * The fields of the NE form: the year's dates, the balance sheet B1-B16 and R1-R11 in whole
 * kronor. R11 is the sum of the written R1-R10 (income less costs), so the form adds up; a
 * field of 0 is left out.
 */
export function neFields(
  figures: { field: string; amountOre: number }[],
  periodStart: string,
  periodEnd: string,
  balance: { field: string; amountOre: number }[] = [],
): { fields: SruField[]; r11: number } {
  const kronor = new Map(figures.map((f) => [f.field, wholeKronor(f.amountOre)]));
  const income = ["R1", "R2", "R3", "R4"].reduce((s, f) => s + (kronor.get(f) ?? 0), 0);
  const costs = ["R5", "R6", "R7", "R8", "R9", "R10"].reduce((s, f) => s + (kronor.get(f) ?? 0), 0);
  const r11 = income - costs;
  const order = ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10"];
  return {
    fields: [
      { code: "7011", value: dateValue(periodStart) },
      { code: "7012", value: dateValue(periodEnd) },
      ...amountFields(balance.map((b): [string, number] => [NE_FIELD_CODES[b.field], wholeKronor(b.amountOre)])),
      ...amountFields([...order.map((f): [string, number] => [NE_FIELD_CODES[f], kronor.get(f) ?? 0]), ["7440", r11]]),
    ],
    r11,
  };
}
