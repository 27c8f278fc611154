// A supplier invoice's or a receipt's text read into the fields a Swedish invoice carries
// (issue #43; ML 17 kap 24 § lists what an invoice must show). Each field says where it was
// found (page and line) and how sure the reading is:
//   0.95  a labelled value confirmed by a check: a check digit (organisation number, VAT
//         number, bankgiro, plusgiro, IBAN, OCR) or, for the totals, net + VAT = total
//   0.8   a labelled value on the label's line, no check available or done
//   0.7   a labelled value printed under its label (a column)
//   0.6   a value behind a weak label ("Invoice INV/001", "Date"), or one derived from another
//         field (the organisation number inside the VAT number, a VAT rate from net and VAT)
//   0.5   a value found by its form alone, without a label (a valid SE...01 anywhere)
//   0.3   a labelled value that fails its check digit (a warning says so)
// Pure: no I/O.
import { LABEL_SPECS, type LabelSpec, type ParseContext, type Parsed } from "./labels";
import { amountsIn, currencyIn, dayOrderOf, ibanIn, vatNumberIn } from "./values";
import { totalsWarnings } from "./checks";
import type { Fields, FoundField, ReadingWarning, TextLine } from "./types";

export type { Fields, FoundField, ReadingWarning, TextCell, TextLine } from "./types";

export interface Reading {
  fields: Fields;
  warnings: ReadingWarning[];
}

/** The buyer's own identity: never proposed as the seller's. */
export interface Own {
  orgNumber: string | null;
  vatNumber: string | null;
}

export const CONFIDENCE = { checked: 0.95, sameLine: 0.8, below: 0.7, weak: 0.6, unlabelled: 0.5, failedCheck: 0.3 };

interface Candidate {
  text: string;
  lineText: string;
  page: number;
  confidence: number;
}

/** Where a label's value may stand: the rest of its cell, the rest of its line, the cell under it. */
function candidatesAfter(lines: TextLine[], li: number, ci: number, end: number, spec: LabelSpec, weak: boolean) {
  const line = lines[li];
  const cell = line.cells[ci];
  const rest = cell.text.slice(end);
  const out: Candidate[] = [{ text: rest, lineText: line.text, page: line.page, confidence: CONFIDENCE.sameLine }];
  const after = line.cells.slice(ci + 1).map((c) => c.text);
  out.push({
    text: [rest, ...after].join("  "),
    lineText: line.text,
    page: line.page,
    confidence: CONFIDENCE.sameLine,
  });
  if (weak || !spec.below) return out;
  for (const next of lines.slice(li + 1, li + 3)) {
    if (next.page !== line.page) break;
    const under = next.cells.find((c) => c.x0 < cell.x1 + 6 && c.x1 > cell.x0 - 6);
    if (under) out.push({ text: under.text, lineText: next.text, page: next.page, confidence: CONFIDENCE.below });
  }
  return out;
}

function foundOf(c: Candidate, parsed: Parsed, label: string): FoundField {
  const confidence =
    parsed.checked === true ? CONFIDENCE.checked : parsed.checked === false ? CONFIDENCE.failedCheck : c.confidence;
  return {
    value: parsed.value,
    page: c.page,
    line: c.lineText,
    label,
    confidence,
    ...(parsed.base !== undefined ? { base: parsed.base } : {}),
  };
}

/** Every value a label of `labels` gives, in reading order. */
function labelled(lines: TextLine[], spec: LabelSpec, labels: RegExp[], weak: boolean, ctx: ParseContext) {
  const found: FoundField[] = [];
  lines.forEach((line, li) => {
    line.cells.forEach((cell, ci) => {
      if (spec.exclude?.test(cell.text) || (weak && spec.weakFirstCell && ci > 0)) return;
      const m = labels.map((re) => re.exec(cell.text)).find((x) => x);
      if (!m) return;
      for (const c of candidatesAfter(lines, li, ci, m.index + m[0].length, spec, weak)) {
        const parsed = spec.parse(c.text, ctx);
        if (parsed) {
          found.push(foundOf(c, parsed, m[0].trim()));
          return;
        }
      }
    });
  });
  return found;
}

/** A field by its labels in order (then the weak ones); the first or last labelled value as the field picks. */
function fieldOf(lines: TextLine[], spec: LabelSpec, ctx: ParseContext): FoundField | null {
  for (const label of spec.labels) {
    const all = labelled(lines, spec, [label], false, ctx);
    if (all.length) return spec.pick === "first" ? all[0] : all[all.length - 1];
  }
  const weak = spec.weak ? labelled(lines, spec, spec.weak, true, ctx) : [];
  return weak.length ? { ...weak[0], confidence: Math.min(weak[0].confidence, CONFIDENCE.weak) } : null;
}

/** Values found by their form alone where no label gave them: a VAT number, an IBAN; the org number inside the VAT number. */
function unlabelled(lines: TextLine[], fields: Fields, own: Own) {
  const ownVat = own.vatNumber?.replace(/\s/g, "").toUpperCase();
  for (const line of lines) {
    const vat = vatNumberIn(line.text);
    if (!fields.vat_number && vat?.valid && vat.value !== ownVat)
      fields.vat_number = {
        value: vat.value,
        page: line.page,
        line: line.text,
        label: null,
        confidence: CONFIDENCE.unlabelled,
      };
    const iban = ibanIn(line.text);
    if (!fields.iban && iban?.valid)
      fields.iban = {
        value: iban.value,
        page: line.page,
        line: line.text,
        label: null,
        confidence: CONFIDENCE.unlabelled,
      };
  }
  const v = fields.vat_number;
  if (!fields.org_number && v && v.confidence >= CONFIDENCE.unlabelled && typeof v.value === "string") {
    const digits = v.value.slice(2, 12);
    fields.org_number = { ...v, value: `${digits.slice(0, 6)}-${digits.slice(6)}`, confidence: CONFIDENCE.weak };
  }
}

/** The currency: a labelled one, else the one the total's line names, else the one most lines with amounts name. */
function currencyOf(lines: TextLine[], fields: Fields) {
  if (fields.currency) return;
  const total = fields.total;
  const onTotal = total && currencyIn(total.line);
  if (total && onTotal) {
    fields.currency = {
      value: onTotal,
      page: total.page,
      line: total.line,
      label: null,
      confidence: CONFIDENCE.sameLine,
    };
    return;
  }
  const counts = new Map<string, { n: number; line: TextLine }>();
  for (const line of lines) {
    const c = amountsIn(line.text).length ? currencyIn(line.text) : null;
    if (c) counts.set(c, { n: (counts.get(c)?.n ?? 0) + 1, line: counts.get(c)?.line ?? line });
  }
  const best = [...counts.entries()].sort((a, b) => b[1].n - a[1].n)[0];
  if (best)
    fields.currency = {
      value: best[0],
      page: best[1].line.page,
      line: best[1].line.text,
      label: null,
      confidence: CONFIDENCE.weak,
    };
}

/** The buyer's own organisation and VAT numbers are dropped: an invoice prints both parties'. */
function dropOwn(fields: Fields, own: Own) {
  if (own.orgNumber && fields.org_number?.value === own.orgNumber) delete fields.org_number;
  const ownVat = own.vatNumber?.replace(/\s/g, "").toUpperCase();
  if (ownVat && fields.vat_number?.value === ownVat) delete fields.vat_number;
}

/** The fields of a supplier invoice or receipt, each with where it was found and a confidence, and the warnings on its totals. */
export function readInvoiceText(lines: TextLine[], opts: { today: string; own: Own }): Reading {
  const ctx: ParseContext = { today: opts.today, dayOrder: dayOrderOf(lines.map((l) => l.text)) };
  const fields: Fields = {};
  for (const spec of LABEL_SPECS) {
    const f = fieldOf(lines, spec, ctx);
    if (f) fields[spec.field] = f;
  }
  dropOwn(fields, opts.own);
  unlabelled(lines, fields, opts.own);
  currencyOf(lines, fields);
  const warnings = [...totalsWarnings(fields), ...checkDigitWarnings(fields)];
  return { fields, warnings };
}

const CHECKED_FIELDS = ["org_number", "vat_number", "bankgiro", "plusgiro", "iban", "ocr"];

function checkDigitWarnings(fields: Fields): ReadingWarning[] {
  return CHECKED_FIELDS.filter((f) => fields[f]?.confidence === CONFIDENCE.failedCheck).map((f) => ({
    code: "CHECK_DIGIT_FAILED",
    fields: [f],
    message: `${f} ${fields[f].value} fails its check digit: read it again from the document.`,
  }));
}
