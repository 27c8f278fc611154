import { fromOre } from "../../money";

/** One fiscal year's books: net debit öre per account. */
export interface YearBooks {
  start: string;
  end: string;
  /** balance accounts: the balance at the year's end; result accounts: the year's movement (closing accounts included) */
  closing: Map<string, number>;
  /** balance accounts at the year's first day: the opening entry */
  opening: Map<string, number>;
}

/** A fixed asset of the register, as the notes need it. */
export interface NoteAsset {
  name: string;
  category: string;
  assetAccount: string;
  acquisitionDate: string;
  acquisitionValueOre: number;
  disposalDate: string | null;
  usefulLifeMonths: number | null;
  /** booked depreciation: entry date and öre */
  depreciations: { date: string; amountOre: number }[];
}

export interface AnnualReportInputs {
  business_description: string;
  significant_events?: string | null;
  /** the comment BFNAR 2016:10 punkt 5.5 asks for when nettoomsättning moves more than 30 % */
  multi_year_comment?: string | null;
  /** öre, the dividend the board proposes (0: none) */
  dividendOre: number;
  pledged_assets_ore?: number | null;
  contingent_liabilities_ore?: number | null;
  place: string;
  signing_date: string;
  board_members: { name: string; role?: string | null }[];
}

/** A figure: as printed (`amount`, kronor) and as tagged (`concept`, `context`, `value`). */
export interface Fact {
  amount: number;
  concept: string;
  context: string;
  /** the XBRL fact's value: `amount`, or its negation for a debit concept printed as a cost */
  value: number;
  unit: "SEK" | "procent" | "antal-anstallda";
}

export interface ReportLine {
  key: string;
  label: string;
  kind: "heading" | "line" | "sum" | "result";
  note?: number | null;
  current: Fact | null;
  previous: Fact | null;
}

export interface XbrlContext {
  id: string;
  start?: string;
  end?: string;
  instant?: string;
}

/** Refusals of the model: the caller maps them to catalogue codes. */
export class AnnualReportRefusal extends Error {
  constructor(
    readonly reason: "unbalanced" | "unsupported_equity" | "dividend_exceeds_free_equity" | "register_mismatch",
    readonly details: Record<string, unknown>,
  ) {
    super(reason);
  }
}

export const dayBefore = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/** ctx ids: period{i} is the i-th year back, balans{i} its end; balans{n} for the opening of the oldest year shown. */
export const periodCtx = (i: number) => `period${i}`;
export const balansCtx = (i: number) => `balans${i}`;

export function fact(ore: number, concept: string, context: string, debit = false): Fact {
  const amount = fromOre(ore);
  return { amount, concept, context, value: debit ? fromOre(-ore) : amount, unit: "SEK" };
}

/** Every fact of the model (walks it), for the inline XBRL and for the test that compares them. */
export function factsOf(model: unknown): Fact[] {
  const out: Fact[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (typeof o.concept === "string" && typeof o.context === "string" && typeof o.value === "number")
        out.push(o as unknown as Fact);
      else Object.values(o).forEach(walk);
    }
  };
  walk(model);
  return out;
}
