// The labels a Swedish or English supplier invoice or receipt prints before a value, and how
// far from its label each value may be (issue #43). A label is looked for in each cell of each
// line; its value is the rest of the cell, else the rest of the line, else (where `below`) the
// cell under the label in the next two lines. Labels of one field are tried in the order
// listed, and the first that yields a value wins (a `weak` label only when no other did).
import {
  amountsIn,
  bankgiroIn,
  currencyIn,
  type DayOrder,
  dateIn,
  ibanIn,
  ocrIn,
  orgNumberOf,
  plusgiroIn,
  vatNumberIn,
} from "./values";

/** A field read as text (identifiers, dates, codes) or as öre (amounts). */
export type FieldValue = string | number;

/** What a value parser answers: the value, and whether a check digit or rule confirmed it (null: no check exists). */
export interface Parsed {
  value: FieldValue;
  checked: boolean | null;
  /** amounts: the base printed before the VAT on a "Moms 25 % 1 000,00 250,00" line */
  base?: number;
}

export interface ParseContext {
  today: string;
  dayOrder: DayOrder;
}

export interface LabelSpec {
  field: string;
  labels: RegExp[];
  /** labels tried only when no other gave a value (and never for a value under them) */
  weak?: RegExp[];
  /** weak labels count only as a line's first cell (a VAT table's row "25 %  800,00  200,00") */
  weakFirstCell?: boolean;
  /** a label cell matching this is not this field's label ("Subtotal" is no total) */
  exclude?: RegExp;
  /** the value may be printed under its label */
  below: boolean;
  /** several labelled values: the first in reading order, or the last (a total is printed last) */
  pick: "first" | "last";
  parse: (text: string, ctx: ParseContext) => Parsed | null;
}

/** The invoice's own number or a reference: the first token that carries a digit, without a leading "#", ":" or "nr". */
export function tokenOf(text: string): Parsed | null {
  const cleaned = text.replace(/^[\s:#.-]*(?:nr\.?|no\.?|number)?[\s:#.]*/i, "");
  const m = /^([A-Za-z0-9][A-Za-z0-9/_.-]{0,59})/.exec(cleaned);
  if (!m || !/\d/.test(m[1])) return null;
  return { value: m[1].replace(/[.-]+$/, ""), checked: null };
}

const lastAmount = (text: string): Parsed | null => {
  const all = amountsIn(text);
  if (!all.length) return null;
  return {
    value: all[all.length - 1].ore,
    checked: null,
    ...(all.length >= 2 ? { base: all[all.length - 2].ore } : {}),
  };
};
const dateOf = (text: string, ctx: ParseContext): Parsed | null => {
  const d = dateIn(text, ctx.dayOrder);
  return d ? { value: d, checked: null } : null;
};
const checked = (found: { value: string; valid: boolean } | null): Parsed | null =>
  found && { value: found.value, checked: found.valid };

const vatRate = (rate: string) => [
  new RegExp(`(?:moms|vat|mva|tax|mervärdesskatt)\\s*\\(?\\s*${rate}(?:[.,]0{1,2})?\\s*%`, "i"),
  new RegExp(`(?<![\\d,.])${rate}(?:[.,]0{1,2})?\\s*%\\s*(?:moms|vat)`, "i"),
];

/** Excluded from a total's label: a net, a subtotal, a VAT sum. */
const NOT_A_TOTAL =
  /exkl|excl|exclusive|ex\.?\s?moms|netto|\bnet\b|sub|(?:summa|total[t]?)\s+(?:moms|vat|tax)|^\s*(?:moms|vat|tax)\b|före|before/i;

export const LABEL_SPECS: LabelSpec[] = [
  {
    field: "invoice_number",
    labels: [
      /fakturanummer|fakturanr\.?|faktura\s?nr\.?|faktura\s?nummer|invoice\s?(?:number|no\.?|nr\.?|#)|invoice\s?id\b/i,
      /kvittonummer|kvittonr\.?|kvitto\s?nr\.?|receipt\s?(?:number|no\.?|#)|bill\s?(?:no\.?|number)/i,
    ],
    weak: [/^(?:faktura|invoice|kvitto|receipt)\s+(?=#?\s?\S*\d)/i, /^#\s?(?=\S*\d)/],
    below: true,
    pick: "first",
    parse: tokenOf,
  },
  {
    field: "invoice_date",
    labels: [/fakturadatum|invoice\s+date|date\s+of\s+invoice|issue\s+date|kvittodatum|köpdatum|receipt\s+date/i],
    weak: [/^(?:datum|date)\b/i],
    exclude: /förfallo|due|leverans|delivery|order/i,
    below: true,
    pick: "first",
    parse: dateOf,
  },
  {
    field: "due_date",
    labels: [/förfallodatum|förfallodag|förfaller|due\s+date|betalas\s+senast|sista\s+betalningsdag|payment\s+due/i],
    below: true,
    pick: "first",
    parse: dateOf,
  },
  {
    field: "total",
    labels: [
      /att\s+betala|amount\s+due|balance\s+due|total\s+due|to\s+pay|belopp\s+att\s+betala/i,
      /totalt?\s+inkl\.?\s*moms|total\s+incl\.?(?:uding)?\s*(?:vat|tax)|grand\s+total|totalbelopp|summa\s+totalt/i,
      /^\s*(?:total[t]?|summa|total\s+amount|amount)\b/i,
    ],
    exclude: NOT_A_TOTAL,
    below: false,
    pick: "last",
    parse: lastAmount,
  },
  {
    field: "net",
    labels: [
      /summa\s+exkl\.?\s*moms|belopp\s+exkl\.?\s*moms|totalt?\s+exkl\.?\s*moms|exkl\.?\s*moms|nettobelopp|nettosumma|netto/i,
      /sub-?total|net\s+amount|total\s+excl\.?(?:uding)?\s*(?:vat|tax)|amount\s+excl\.?\s*(?:vat|tax)|untaxed\s+amount/i,
    ],
    below: false,
    pick: "last",
    parse: lastAmount,
  },
  ...(["25", "12", "6"] as const).map((rate) => ({
    field: `vat_${rate}`,
    labels: vatRate(rate),
    // a VAT table ("Momssats  Underlag  Moms" over "25 %  800,00  200,00"): the row's first cell is its rate
    weak: [new RegExp(`^${rate}(?:[.,]0{1,2})?\\s*%$`)],
    weakFirstCell: true,
    below: false,
    pick: "last" as const,
    parse: lastAmount,
  })),
  {
    field: "vat_total",
    labels: [
      /(?:summa|total[t]?|varav)\s+(?:moms|vat|tax)\b(?!\s*\(?\s*\d)/i,
      /^\s*(?:moms|vat|mervärdesskatt|tax)\b(?!\s*\(?\s*\d)(?!\s*-?\s*(?:reg|nr|no|number|id))/i,
    ],
    below: false,
    pick: "last",
    parse: lastAmount,
  },
  {
    field: "rounding",
    labels: [/öresavrundning|öresutjämning|avrundning|rounding/i],
    below: false,
    pick: "last",
    parse: lastAmount,
  },
  {
    field: "ocr",
    labels: [/\bocr(?:-?referens|-?nummer|-?nr|\s+nr)?\b/i],
    below: true,
    pick: "first",
    parse: (text) => {
      const o = ocrIn(text);
      return o && { value: o.value, checked: o.valid };
    },
  },
  {
    field: "reference",
    labels: [
      /betalningsreferens|payment\s+reference|märk\s+betalningen(?:\s+med)?|ange\s+vid\s+betalning|^\s*(?:referens|reference)\b/i,
    ],
    exclude: /(?:er|vår|your|our|customer|kund)\s*referens|(?:your|our)\s+reference/i,
    below: true,
    pick: "first",
    parse: tokenOf,
  },
  {
    field: "bankgiro",
    labels: [/bankgiro(?:nummer|nr)?\b|\bbg\b(?:\s*nr)?/i],
    below: true,
    pick: "first",
    parse: (text) => checked(bankgiroIn(text)),
  },
  {
    field: "plusgiro",
    labels: [/plusgiro(?:nummer|nr)?\b|postgiro|\bpg\b(?:\s*nr)?/i],
    below: true,
    pick: "first",
    parse: (text) => checked(plusgiroIn(text)),
  },
  { field: "iban", labels: [/\biban\b/i], below: true, pick: "first", parse: (text) => checked(ibanIn(text)) },
  {
    field: "org_number",
    labels: [
      /org(?:anisations)?\.?\s?-?(?:nr|nummer)\.?|org\.?\s?no\.?|company\s+reg(?:istration)?\.?\s*(?:no|number)|corporate\s+id(?:entity)?/i,
    ],
    below: true,
    pick: "first",
    parse: (text, ctx) => {
      const org = orgNumberOf(text, ctx.today);
      return org ? { value: org, checked: true } : null;
    },
  },
  {
    field: "vat_number",
    labels: [
      /momsreg(?:istrerings)?\.?\s?-?(?:nr|nummer)\.?|moms\s?nr|vat\s?-?(?:reg(?:istration)?\.?\s*)?(?:no\.?|number|nr|id)\b/i,
    ],
    below: true,
    pick: "first",
    parse: (text) => checked(vatNumberIn(text)),
  },
  {
    field: "currency",
    labels: [/\b(?:valuta|currency)\b/i],
    below: true,
    pick: "first",
    parse: (text) => {
      const c = /^[\s:]*([A-Z]{3})\b/.exec(text) ?? /\b(SEK|EUR|USD|GBP|NOK|DKK)\b/.exec(text);
      const code = c?.[1] ?? currencyIn(text);
      return code ? { value: code, checked: null } : null;
    },
  },
];
