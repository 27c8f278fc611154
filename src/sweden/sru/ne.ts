// The NE-bilaga of a sole trader as SRU fields (pure): the räkenskapsschema R1-R11 from the
// figures src/sweden/ne.ts computes from the books, and the balance sheet B1-B16 from
// src/sweden/ne-balance.ts, in whole kronor.
//
// Balance sheet codes: B1 7200, B2 7210, B3 7211, B4 7212, B5 7213, B6 7240, B7 7250, B8 7260,
// B9 7280, B10 7300, B11 7320, B12 7330, B13 7380, B14 7381, B15 7382, B16 7383, and R12 7600
// ("Bokfört resultat", carried from R11). Sources: Skatteverket's fältnamnstabell for NE,
// NE_SKV2161-13-02-25-02.xls (2025P4; the package "Ändringar från och med 2025P4" of "Teknisk
// information om filöverföring"), which could not be read here itself: two independent public
// SRU writers quote it with these codes (B1-B16 and R1-R11 alike in both; R12 7600 in both), and
// Dans.se's help page "SRU-koder enligt TAX 2006" (https://dans.se/help/finance/accounts/sru_codes/)
// lists 7200-7383 under the same names with their BAS accounts, and R1-R3 as 7400-7402.
//
// Field codes: R1 7400, R2 7401, R3 7402, R4 7403, R5 7500, R6 7501, R7 7502, R8 7503, R9 7504,
// R10 7505, R11 7440: the same writers and table. The rest of the form is left out, not guessed:
// the tax adjustments R13 onwards (no source stored here names their codes; one writer's R43,
// R47 and R48 are not confirmed by another), and egenavgifter, räntefördelning, periodiserings-
// and expansionsfond are not computed (docs/tax.md).
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
  R12: "7600",
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
      ...amountFields([
        ...order.map((f): [string, number] => [NE_FIELD_CODES[f], kronor.get(f) ?? 0]),
        [NE_FIELD_CODES.R11, r11],
        // R12 is R11 carried to the form's second page
        [NE_FIELD_CODES.R12, r11],
      ]),
    ],
    r11,
  };
}
