// The NE-bilaga (Inkomstdeklaration 1, enskild näringsverksamhet) figures from a sole
// trader's books (pure; öre). The räkenskapsschema R1-R11 by BAS account range, after
// Skatteverket's SKV 283 ("Bokföring, bokslut och deklaration, del 2") and the BAS K1 table,
// and the first tax adjustments: R12 the booked result (R11 carried), R13 non-deductible costs
// added back, R14 tax-free income deducted (Skatteverket, "Fylla i NE-bilagan: skattemässiga
// justeringar"). Egenavgifter are not booked in an enskild firma, so none of these holds them;
// their deduction is the return's own (R40-R41), not computed here.
import { accountTypeOf, makesResult } from "./bas";
import { NON_DEDUCTIBLE_ACCOUNTS, TAX_FREE_ACCOUNTS } from "./corporate-tax";

export type NeField = "R1" | "R2" | "R3" | "R4" | "R5" | "R6" | "R7" | "R8" | "R9" | "R10";

interface Range {
  from: string;
  to: string;
}

/**
 * The BAS ranges of each field. R1 takes the sales of a VAT-registered trader, R2 of one not
 * registered (momsfri verksamhet: SKV 283 decides by whether input VAT is deductible); R3
 * (bil- och bostadsförmån) is not found in the books and stays 0. Depreciation is split
 * by what it writes off: buildings and land improvements (R9) and the rest (R10).
 */
const RANGES: Record<Exclude<NeField, "R1" | "R2" | "R3">, Range[]> = {
  R4: [{ from: "8000", to: "8399" }],
  R5: [{ from: "4000", to: "4999" }],
  R6: [
    { from: "5000", to: "6999" },
    { from: "7900", to: "7999" },
  ],
  R7: [{ from: "7000", to: "7699" }],
  R8: [{ from: "8400", to: "8499" }],
  R9: [
    { from: "7720", to: "7729" },
    { from: "7820", to: "7829" },
  ],
  R10: [
    { from: "7700", to: "7719" },
    { from: "7730", to: "7819" },
    { from: "7830", to: "7899" },
  ],
};

const inRanges = (account: string, ranges: Range[]) => ranges.some((r) => account >= r.from && account <= r.to);

/** The field an account's movement goes to, or null (88xx-89xx: no field of the räkenskapsschema). */
export function neFieldOf(account: string, vatRegistered: boolean): NeField | null {
  if (account >= "3000" && account <= "3999") return vatRegistered ? "R1" : "R2";
  for (const [field, ranges] of Object.entries(RANGES)) if (inRanges(account, ranges)) return field as NeField;
  return null;
}

/** A field of the NE form (the räkenskapsschema R1-R14, the balance sheet B1-B16) and the accounts it is made of. */
export interface NeFigure<Field extends string = string> {
  field: Field;
  amountOre: number;
  accounts: { account: string; amountOre: number }[];
}

/** An account's debit and credit over the year, what the NE figures are made of. */
export interface NeMovement {
  account: string;
  debitOre: number;
  creditOre: number;
}

/**
 * The figures: R1-R4 as income (credit less debit), R5-R10 as costs (debit less credit),
 * R11 the booked result, R12-R14 the adjustments, and what no field takes (unmapped).
 * Each figure names the accounts it is made of.
 */
export function neFigures(movements: NeMovement[], vatRegistered: boolean) {
  const byField = new Map<string, NeFigure>();
  const unmapped: { account: string; amountOre: number }[] = [];
  let resultOre = 0;
  for (const m of [...movements].sort((a, b) => a.account.localeCompare(b.account))) {
    if (!makesResult(m.account)) continue;
    const income = m.creditOre - m.debitOre;
    resultOre += income;
    if (income === 0) continue;
    const field = neFieldOf(m.account, vatRegistered);
    if (!field) {
      unmapped.push({ account: m.account, amountOre: income });
      continue;
    }
    const isIncome = accountTypeOf(m.account) === "revenue" && ["R1", "R2", "R3", "R4"].includes(field);
    const amountOre = isIncome ? income : -income;
    const fig = byField.get(field) ?? { field, amountOre: 0, accounts: [] };
    fig.amountOre += amountOre;
    fig.accounts.push({ account: m.account, amountOre });
    byField.set(field, fig);
  }
  const fields: NeFigure[] = (["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10"] as const).map(
    (f) => byField.get(f) ?? { field: f, amountOre: 0, accounts: [] },
  );
  const adjust = (table: Record<string, string>, sign: 1 | -1) => {
    const accounts = movements
      .filter((m) => table[m.account] && m.debitOre !== m.creditOre)
      .map((m) => ({ account: m.account, amountOre: sign * (m.debitOre - m.creditOre) }));
    return { amountOre: accounts.reduce((s, a) => s + a.amountOre, 0), accounts };
  };
  const r13 = adjust(NON_DEDUCTIBLE_ACCOUNTS, 1);
  const r14 = adjust(TAX_FREE_ACCOUNTS, -1);
  return {
    fields,
    r11: resultOre,
    r12: resultOre,
    r13,
    r14,
    adjustedResultOre: resultOre + r13.amountOre - r14.amountOre,
    unmapped,
  };
}
