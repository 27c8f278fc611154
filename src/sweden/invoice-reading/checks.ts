// Whether the totals read from a document agree (issue #43): net + VAT (+ the rounding line,
// öresavrundning) must be the total, and each VAT amount must be its Swedish rate (25, 12 or
// 6 %, ML 9 kap) of a part of the net. What does not agree is a warning on the proposal, never
// corrected: the caller decides. What agrees raises the fields' confidence to "checked". Pure.
import type { Fields, FoundField, ReadingWarning } from "./types";

/** A VAT amount may differ from rate x base by this much (öre): rounding per line and to whole kronor. */
export const VAT_TOLERANCE_ORE = 100;

export const RATES = [
  { field: "vat_25", bp: 2500 },
  { field: "vat_12", bp: 1200 },
  { field: "vat_6", bp: 600 },
] as const;

const ore = (f: FoundField | undefined) => (f && typeof f.value === "number" ? f.value : null);
const kr = (o: number) => (o / 100).toFixed(2);

/** The VAT of the document: the per-rate amounts summed, else the VAT total. */
function vatOre(fields: Fields): number | null {
  const perRate = RATES.map((r) => ore(fields[r.field])).filter((v): v is number => v !== null);
  return perRate.length ? perRate.reduce((s, v) => s + v, 0) : ore(fields.vat_total);
}

function sumWarnings(fields: Fields): ReadingWarning[] {
  const perRate = RATES.map((r) => ore(fields[r.field])).filter((v): v is number => v !== null);
  const total = ore(fields.vat_total);
  if (!perRate.length || total === null) return [];
  const sum = perRate.reduce((s, v) => s + v, 0);
  if (sum === total) return [];
  return [
    {
      code: "VAT_SUM_DIFFERS",
      fields: ["vat_total", ...RATES.filter((r) => fields[r.field]).map((r) => r.field)],
      message: `The VAT per rate sums to ${kr(sum)}, the document's VAT total is ${kr(total)}.`,
      details: { vat_per_rate_sum: sum / 100, vat_total: total / 100 },
    },
  ];
}

function addUpWarnings(fields: Fields): ReadingWarning[] {
  const [net, vat, total] = [ore(fields.net), vatOre(fields), ore(fields.total)];
  if (net === null || vat === null || total === null) return [];
  const rounding = ore(fields.rounding) ?? 0;
  if (net + vat + rounding === total) {
    for (const f of ["net", "vat_total", "total", "rounding", ...RATES.map((r) => r.field)])
      if (fields[f]) fields[f].confidence = Math.max(fields[f].confidence, 0.95);
    return [];
  }
  return [
    {
      code: "TOTALS_DO_NOT_ADD_UP",
      fields: ["net", "vat_total", "total"],
      message:
        `Net ${kr(net)} + VAT ${kr(vat)}${rounding ? ` + rounding ${kr(rounding)}` : ""} is ` +
        `${kr(net + vat + rounding)}, the document's total is ${kr(total)}.`,
      details: {
        net: net / 100,
        vat: vat / 100,
        rounding: rounding / 100,
        total: total / 100,
        difference: (total - net - vat - rounding) / 100,
      },
    },
  ];
}

/** A VAT amount printed with its base ("Moms 25 % 1 000,00 250,00") must be the rate of that base. */
function baseWarnings(fields: Fields): ReadingWarning[] {
  const out: ReadingWarning[] = [];
  for (const r of RATES) {
    const f = fields[r.field];
    const vat = ore(f);
    if (!f || vat === null || f.base === undefined) continue;
    const expected = Math.round((f.base * r.bp) / 10_000);
    if (Math.abs(vat - expected) > VAT_TOLERANCE_ORE)
      out.push({
        code: "VAT_NOT_A_SWEDISH_RATE",
        fields: [r.field],
        message: `VAT ${kr(vat)} is not ${r.bp / 100} % of its base ${kr(f.base)} (that is ${kr(expected)}).`,
        details: { vat: vat / 100, base: f.base / 100, expected: expected / 100 },
      });
  }
  return out;
}

/**
 * Without bases: each rate's VAT implies its base (VAT / rate); together they may not exceed the
 * net (the rest is net without VAT). A lone VAT total is read as the one Swedish rate it is of the
 * net (a derived field), else flagged when no mix of 25, 12 and 6 % can give it.
 */
function rateWarnings(fields: Fields): ReadingWarning[] {
  const net = ore(fields.net);
  if (net === null || net <= 0) return [];
  const present = RATES.filter((r) => ore(fields[r.field]) !== null && fields[r.field].base === undefined);
  const implied = present.reduce((s, r) => s + (ore(fields[r.field])! * 10_000) / r.bp, 0);
  if (present.length && implied > net + (VAT_TOLERANCE_ORE * 10_000) / 600) {
    return [
      {
        code: "VAT_NOT_A_SWEDISH_RATE",
        fields: present.map((r) => r.field),
        message: `The VAT per rate implies a base of ${kr(Math.round(implied))}, more than the net ${kr(net)}.`,
        details: { implied_base: Math.round(implied) / 100, net: net / 100 },
      },
    ];
  }
  if (present.length === 1) return singleRateWarnings(fields, present[0], net);
  const total = ore(fields.vat_total);
  if (RATES.some((r) => fields[r.field]) || total === null || total === 0) return [];
  const single = RATES.find((r) => Math.abs(Math.round((net * r.bp) / 10_000) - total) <= VAT_TOLERANCE_ORE);
  if (single) {
    fields[single.field] = { ...fields.vat_total, confidence: Math.min(fields.vat_total.confidence, 0.6) };
    return [];
  }
  if (total * 10_000 <= net * 2500 + VAT_TOLERANCE_ORE * 10_000) return [];
  return [
    {
      code: "VAT_NOT_A_SWEDISH_RATE",
      fields: ["vat_total"],
      message: `VAT ${kr(total)} is more than 25 % of the net ${kr(net)}.`,
      details: { vat: total / 100, net: net / 100 },
    },
  ];
}

/** One rate's VAT alone is that rate of the whole net, unless part of the net carries no VAT (said in the warning). */
function singleRateWarnings(fields: Fields, rate: (typeof RATES)[number], net: number): ReadingWarning[] {
  const vat = ore(fields[rate.field])!;
  const expected = Math.round((net * rate.bp) / 10_000);
  if (Math.abs(vat - expected) <= VAT_TOLERANCE_ORE) return [];
  return [
    {
      code: "VAT_NOT_A_SWEDISH_RATE",
      fields: [rate.field, "net"],
      message:
        `VAT ${kr(vat)} is not ${rate.bp / 100} % of the net ${kr(net)} (that is ${kr(expected)}), ` +
        "unless part of the net carries no VAT.",
      details: { vat: vat / 100, net: net / 100, expected: expected / 100 },
    },
  ];
}

/** The warnings on a reading's totals; the fields that agree have their confidence raised. */
export function totalsWarnings(fields: Fields): ReadingWarning[] {
  return [...sumWarnings(fields), ...addUpWarnings(fields), ...baseWarnings(fields), ...rateWarnings(fields)];
}
