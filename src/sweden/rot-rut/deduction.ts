// The ROT/RUT deduction of one invoice: which lines are labour, who the buyers are and
// for which home, how much each buyer gets after the yearly caps, and how much a credit
// note takes back. Pure: plain data in, a result or a list of rule violations out, each
// violation with the API field path (items[2].work_type, deduction_personnummer[0]...)
// so the invoice domain answers INVOICE_CREATE_ROT_RUT_VALIDATION with details.fields.
//
// Sources: inkomstskattelagen (IL) 67 kap. 11-19 §§; Skatteverket, "Rot och rut - för
// företag" and Rättslig vägledning (Rotarbete, Rutarbete, Villkor för skattereduktion):
// only the labour cost including VAT gives a reduction; material, travel and other
// costs do not ("Material och resekostnader i samband med arbetet ger inte rätt till
// avdrag"); the buyer is a private person who has turned 18 by the end of the year; ROT
// work is done in a home the buyer owns (a house: fastighetsbeteckning; a tenant-owner
// apartment: the association's organisation number and the apartment number).
import Big from "big.js";
import { parseOrgNumber, parsePersonnummer } from "../identity";
import { type DeductionType, MINIMUM_AGE, deductionCaps, deductionOf, deductionRateBp } from "./rules";
import { SCHABLON_LABOUR_SHARE_BP, WORK_TYPES, type WorkType, workType, workTypeOrder } from "./work-types";

export interface RuleViolation {
  /** the API field the rule is about: items[2].work_type, deduction_personnummer[1].share, ... */
  path: string;
  message: string;
}

export type RuleResult<T> = { ok: true; value: T } | { ok: false; violations: RuleViolation[] };

export interface DeductionLineInput {
  /** rot | rut marks a labour line; absent for material, travel, equipment and other costs */
  deductionType?: string | null;
  /** Skatteverket's work-type code (work-types.ts); on a line without deductionType it marks that work type's material */
  workType?: string | null;
  /** hours of work on the line (at most two decimals); required on labour lines except schablon services */
  laborHours?: number | null;
  /** the line's amount including VAT, öre (net + the line's VAT) */
  amountInclVatOre: number;
}

export interface BuyerInput {
  personnummer: string;
  /** the buyer's share in basis points (5000 = half); may be omitted when there is one buyer */
  shareBp?: number | null;
}

export interface HousingInput {
  /** a house (småhus, ägarlägenhet): fastighetsbeteckning, e.g. "Uppsala Kåbo 1:23" */
  housingDesignation?: string | null;
  /** a tenant-owner apartment (bostadsrätt): the association's apartment number */
  apartmentNumber?: string | null;
  /** and the association's organisation number */
  brfOrgNumber?: string | null;
}

export interface PriorDeduction {
  /** 12-digit personnummer */
  personnummer: string;
  /** deductions the buyer already has on this company's invoices in the same calendar year, öre */
  rotOre: number;
  rutOre: number;
}

export interface DeductionInput {
  /** the expected payment date (the invoice date at invoicing); it picks the rate and the caps */
  date: string;
  /** the customer's type: only a private individual can get ROT or RUT */
  customerType: string;
  lines: DeductionLineInput[];
  buyers: BuyerInput[];
  housing: HousingInput;
  /** earlier deductions per buyer in the same calendar year (other invoices; not this one) */
  prior: PriorDeduction[];
}

export interface PerType {
  rot: number;
  rut: number;
}

export interface WorkSummary {
  code: string;
  type: DeductionType;
  /** hours in hundredths (150 = 1.5 h) */
  hoursHundredths: number;
  /** labour including VAT on the invoice, öre (for a schablon service: the whole price) */
  priceOre: number;
  /** the part of priceOre that counts as labour, öre */
  labourOre: number;
  /** material for this work type including VAT, öre (lines with the work type and no deduction_type) */
  materialOre: number;
}

export interface BuyerDeduction {
  /** 12 digits */
  personnummer: string;
  shareBp: number;
  /** the buyer's share of the labour cost including VAT */
  labourOre: PerType;
  /** what the buyer gets: share x rate, whole kronor, within the buyer's caps */
  deductionOre: PerType;
  /** true when a cap lowered the buyer's deduction */
  capped: boolean;
}

export interface Housing {
  housingDesignation: string | null;
  apartmentNumber: string | null;
  /** 12 digits with the 16 prefix, as Skatteverket's file carries it */
  brfOrgNumber: string | null;
}

export interface DeductionResult {
  date: string;
  rateBp: PerType;
  /** the labour cost including VAT that gives a reduction, per type */
  labourOre: PerType;
  /** rate x labour before the caps, per type */
  uncappedOre: PerType;
  /** after the caps, per type; deductionOre.rot + deductionOre.rut = totalOre */
  deductionOre: PerType;
  /** deduction_total of the invoice */
  totalOre: number;
  buyers: BuyerDeduction[];
  /** per work type, in the schema's order */
  work: WorkSummary[];
  /** lines that are neither labour nor a work type's material (travel, equipment, fees), incl. VAT */
  otherCostOre: number;
  housing: Housing;
}

const emptyPerType = (): PerType => ({ rot: 0, rut: 0 });

/** An API share (a fraction such as 0.5, at most four decimals, 0 < share ≤ 1) in basis points, or null. */
export function shareToBp(share: number): number | null {
  if (!Number.isFinite(share)) return null;
  const bp = new Big(share.toString()).times(10_000);
  if (!bp.eq(bp.round(0, Big.roundDown))) return null;
  const n = Number(bp.toFixed(0));
  return n > 0 && n <= 10_000 ? n : null;
}

/** true when the invoice asks for a deduction at all: some line has a deduction_type or a buyer is named */
export function hasDeduction(input: Pick<DeductionInput, "lines" | "buyers">): boolean {
  return input.buyers.length > 0 || input.lines.some((l) => l.deductionType != null);
}

/**
 * Largest-remainder allocation of an integer total by shares in basis points (sum 10 000):
 * the parts add up to the total exactly, and ties go to the earlier share.
 */
export function allocateByShares(total: number, sharesBp: number[]): number[] {
  const raw = sharesBp.map((s) => (total * s) / 10_000);
  const parts = raw.map((r) => Math.floor(r));
  let rest = total - parts.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => ({ i, frac: r - Math.floor(r) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (rest <= 0) break;
    parts[i] += 1;
    rest -= 1;
  }
  return parts;
}

function hundredths(hours: number): number | null {
  if (!Number.isFinite(hours) || hours < 0) return null;
  const h = new Big(hours.toString()).times(100);
  return h.eq(h.round(0, Big.roundDown)) ? Number(h.toFixed(0)) : null;
}

/** Why a buyer's personnummer is refused (IL 67 kap. 11 §: a private individual of 18 by the year's end), or null. */
function personnummerProblem(
  raw: string,
  date: string,
  seen: Set<string>,
): { long: string | null; problem: string | null } {
  const year = Number(date.slice(0, 4));
  // The invoice date is "today" for the century of a ten-digit number.
  const parsed = parsePersonnummer(raw, date);
  if (!parsed) return { long: null, problem: "not a valid personnummer (YYYYMMDD-NNNN, check digit by Luhn)" };
  if (parsed.kind !== "personnummer")
    return {
      long: parsed.long,
      problem: "a samordningsnummer is not accepted: the buyer must be a private individual with a personnummer",
    };
  if (year - Number(parsed.long.slice(0, 4)) < MINIMUM_AGE)
    return {
      long: parsed.long,
      problem: `the buyer must have turned ${MINIMUM_AGE} by the end of ${year} (67 kap. 11 § IL)`,
    };
  if (seen.has(parsed.long)) return { long: parsed.long, problem: "the same buyer is named twice" };
  seen.add(parsed.long);
  return { long: parsed.long, problem: null };
}

/** A buyer's share in basis points: required with several buyers (0 then), 1 alone; above 0 and at most 1. */
function buyerShareBp(shareBp: number | null | undefined, many: boolean, path: string, v: RuleViolation[]): number {
  if (shareBp == null) {
    if (many) v.push({ path: `${path}.share`, message: "required when the invoice has several buyers" });
    return many ? 0 : 10_000;
  }
  if (!Number.isInteger(shareBp) || shareBp <= 0 || shareBp > 10_000)
    v.push({ path: `${path}.share`, message: "must be above 0 and at most 1, with at most four decimals" });
  return shareBp;
}

function checkBuyers(input: DeductionInput, v: RuleViolation[]): { personnummer: string; shareBp: number }[] {
  const many = input.buyers.length > 1;
  const seen = new Set<string>();
  const out = input.buyers.map((b, i) => {
    const path = `deduction_personnummer[${i}]`;
    const { long, problem } = personnummerProblem(b.personnummer ?? "", input.date, seen);
    if (problem) v.push({ path: `${path}.personnummer`, message: problem });
    return { personnummer: long ?? "", shareBp: buyerShareBp(b.shareBp, many, path, v) };
  });
  const shareSum = out.reduce((t, b) => t + b.shareBp, 0);
  if (input.buyers.length > 0 && shareSum !== 10_000 && !v.some((x) => x.path.endsWith(".share"))) {
    v.push({ path: "deduction_personnummer", message: "the buyers' shares must add up to exactly 1" });
  }
  return out;
}

/** A tenant-owner apartment: its number (at most 25 characters) and the association's organisation number. */
function checkApartment(apartment: string | null, brf: string | null, today: string, v: RuleViolation[]) {
  if (!apartment) v.push({ path: "deduction_apartment_number", message: "required with deduction_brf_org_number" });
  else if (apartment.length > 25) v.push({ path: "deduction_apartment_number", message: "at most 25 characters" });
  if (!brf) {
    v.push({ path: "deduction_brf_org_number", message: "required with deduction_apartment_number" });
    return null;
  }
  const org = parseOrgNumber(brf, today);
  if (!org || org.isPersonal) {
    v.push({
      path: "deduction_brf_org_number",
      message: "not a valid organisation number of a housing association",
    });
    return null;
  }
  return `16${org.formatted.replace("-", "")}`;
}

/** ROT work's home: a house by its designation, or a tenant-owner apartment; the association's number, if any. */
function checkRotHome(
  designation: string | null,
  apartment: string | null,
  brf: string | null,
  today: string,
  v: RuleViolation[],
): string | null {
  if (designation && (apartment || brf)) {
    v.push({
      path: "deduction_housing_designation",
      message:
        "give either the property designation (a house) or the apartment number with the association's " +
        "organisation number (a tenant-owner apartment), not both",
    });
    return null;
  }
  if (!designation && !apartment && !brf) {
    v.push({
      path: "deduction_housing_designation",
      message:
        "ROT work needs the home: deduction_housing_designation (fastighetsbeteckning) or " +
        "deduction_apartment_number with deduction_brf_org_number",
    });
    return null;
  }
  // Lengths from the claim schema: FastighetsbeteckningTYPE 1-40, LagenhetsNrTYPE 1-25.
  if (designation && designation.length > 40)
    v.push({ path: "deduction_housing_designation", message: "at most 40 characters" });
  return designation ? null : checkApartment(apartment, brf, today, v);
}

function checkHousing(h: HousingInput, hasRot: boolean, today: string, v: RuleViolation[]): Housing {
  const designation = h.housingDesignation?.trim() || null;
  const apartment = h.apartmentNumber?.trim() || null;
  const brf = h.brfOrgNumber?.trim() || null;
  const housing: Housing = { housingDesignation: designation, apartmentNumber: apartment, brfOrgNumber: null };
  if (!hasRot) {
    const given: [string, string | null][] = [
      ["deduction_housing_designation", designation],
      ["deduction_apartment_number", apartment],
      ["deduction_brf_org_number", brf],
    ];
    for (const [path, value] of given)
      if (value) v.push({ path, message: "only for ROT work: no line has deduction_type rot" });
    return housing;
  }
  housing.brfOrgNumber = checkRotHome(designation, apartment, brf, today, v);
  return housing;
}

/** What the lines add up to: per work type, the costs that give no deduction, the labour per type. */
interface LineTally {
  work: Map<string, WorkSummary>;
  otherCostOre: number;
  labourOre: PerType;
}

function workSummary(tally: LineTally, code: string): WorkSummary {
  let w = tally.work.get(code);
  if (!w) {
    w = { code, type: workType(code)!.type, hoursHundredths: 0, priceOre: 0, labourOre: 0, materialOre: 0 };
    tally.work.set(code, w);
  }
  return w;
}

/** A line's deduction type and work type, or null with a violation when they are unknown or do not agree. */
type LineKind = { type: null; wt: WorkType | null } | { type: DeductionType; wt: WorkType };

function lineKind(line: DeductionLineInput, path: string, v: RuleViolation[]): LineKind | null {
  const type = line.deductionType ?? null;
  const code = line.workType ?? null;
  const wt = code === null ? null : workType(code);
  if (type !== null && type !== "rot" && type !== "rut") {
    v.push({ path: `${path}.deduction_type`, message: "must be rot or rut" });
    return null;
  }
  if (code !== null && !wt) {
    v.push({ path: `${path}.work_type`, message: `unknown work type; ROT: ${codesOf("rot")}; RUT: ${codesOf("rut")}` });
    return null;
  }
  if (type === null) return { type, wt };
  if (!wt) {
    v.push({ path: `${path}.work_type`, message: `required on a ${type.toUpperCase()} line; one of ${codesOf(type)}` });
    return null;
  }
  if (wt.type !== type) {
    v.push({
      path: `${path}.work_type`,
      message: `${wt.code} is ${wt.type.toUpperCase()} work, not ${type.toUpperCase()}; one of ${codesOf(type)}`,
    });
    return null;
  }
  return { type, wt };
}

/**
 * Material, travel, equipment and other costs: never deducted (Skatteverket: "Material och
 * resekostnader i samband med arbetet ger inte rätt till avdrag").
 */
function tallyCost(tally: LineTally, line: DeductionLineInput, wt: WorkType | null, path: string, v: RuleViolation[]) {
  if (line.laborHours != null)
    v.push({ path: `${path}.labor_hours`, message: "only on labour lines (with deduction_type)" });
  if (!wt) tally.otherCostOre += line.amountInclVatOre;
  else if (wt.schablon) v.push({ path: `${path}.work_type`, message: "a schablon service has no separate material" });
  else workSummary(tally, wt.code).materialOre += line.amountInclVatOre;
}

/** A labour line's hours in hundredths: none for a schablon service, else required, above 0, two decimals. */
function labourHours(line: DeductionLineInput, wt: WorkType, path: string, v: RuleViolation[]): number | null {
  if (wt.schablon) {
    if (SCHABLON_LABOUR_SHARE_BP[wt.code] === undefined) {
      v.push({ path: `${path}.work_type`, message: `${wt.code}: the schablon for this service is not supported yet` });
      return null;
    }
    if (line.laborHours != null)
      v.push({ path: `${path}.labor_hours`, message: "a schablon service is reported without hours" });
    return 0;
  }
  if (line.laborHours == null) {
    v.push({
      path: `${path}.labor_hours`,
      message: "required on a labour line: Skatteverket asks for the hours of each work type",
    });
    return 0;
  }
  const h = hundredths(line.laborHours);
  if (h === null || h === 0) {
    v.push({ path: `${path}.labor_hours`, message: "must be above 0 with at most two decimals" });
    return 0;
  }
  return h;
}

function tallyLine(tally: LineTally, line: DeductionLineInput, i: number, v: RuleViolation[]) {
  const path = `items[${i}]`;
  const kind = lineKind(line, path, v);
  if (!kind) return;
  const { type, wt } = kind;
  if (type === null) {
    tallyCost(tally, line, wt, path, v);
    return;
  }
  if (line.amountInclVatOre <= 0) {
    v.push({ path, message: "a labour line must have a positive amount" });
    return;
  }
  const hours = labourHours(line, wt, path, v);
  if (hours === null) return;
  const w = workSummary(tally, wt.code);
  const labour = wt.schablon
    ? Math.floor((line.amountInclVatOre * SCHABLON_LABOUR_SHARE_BP[wt.code]) / 10_000)
    : line.amountInclVatOre;
  w.hoursHundredths += hours;
  w.priceOre += line.amountInclVatOre;
  w.labourOre += labour;
  tally.labourOre[type] += labour;
}

function tallyLines(input: DeductionInput, v: RuleViolation[]): LineTally {
  const tally: LineTally = { work: new Map(), otherCostOre: 0, labourOre: emptyPerType() };
  for (const [i, line] of input.lines.entries()) tallyLine(tally, line, i, v);
  for (const w of tally.work.values()) {
    // AntalTimmarTYPE: 0-999 whole hours per work type.
    if (Math.round(w.hoursHundredths / 100) > 999)
      v.push({ path: "items", message: `${w.code}: at most 999 hours per work type on one invoice` });
  }
  return tally;
}

/** The customer, the date's rules, and the buyers named exactly when a line is labour. */
function checkInvoice(input: DeductionInput, v: RuleViolation[]) {
  if (input.customerType !== "individual") {
    v.push({
      path: "customer_id",
      message: "ROT and RUT are for private individuals: the customer's type must be individual",
    });
  }
  const rateBp = { rot: deductionRateBp("rot", input.date), rut: deductionRateBp("rut", input.date) };
  const caps = deductionCaps(input.date);
  if (rateBp.rot === null || rateBp.rut === null || caps === null) {
    v.push({ path: "invoice_date", message: `no ROT/RUT rules for ${input.date}: the tables start in 2021` });
  }
  return { rateBp, caps };
}

function checkBuyersNamed(input: DeductionInput, v: RuleViolation[]) {
  const hasLines = input.lines.some((l) => l.deductionType != null);
  if (!hasLines && input.buyers.length > 0)
    v.push({ path: "deduction_personnummer", message: "no line has deduction_type rot or rut" });
  if (hasLines && input.buyers.length === 0)
    v.push({
      path: "deduction_personnummer",
      message: "required when a line has deduction_type: the buyer or buyers and their shares",
    });
}

/**
 * Each buyer's deduction: the labour split by share, at the rate, held within the year's
 * caps counting `prior` (ROT first, then RUT against what is left of the common cap).
 */
function capByBuyer(
  input: DeductionInput,
  buyers: { personnummer: string; shareBp: number }[],
  labourOre: PerType,
  rates: PerType,
  cap: NonNullable<ReturnType<typeof deductionCaps>>,
) {
  const shares = buyers.map((b) => b.shareBp);
  const labourShares = { rot: allocateByShares(labourOre.rot, shares), rut: allocateByShares(labourOre.rut, shares) };
  const priorOf = (pnr: string) =>
    input.prior
      .filter((p) => p.personnummer === pnr)
      .reduce((a, p) => ({ rot: a.rot + p.rotOre, rut: a.rut + p.rutOre }), emptyPerType());
  const uncappedOre = emptyPerType();
  const deductionOre = emptyPerType();
  const buyerResults: BuyerDeduction[] = buyers.map((b, i) => {
    const labour = { rot: labourShares.rot[i], rut: labourShares.rut[i] };
    const want = { rot: deductionOf(labour.rot, rates.rot), rut: deductionOf(labour.rut, rates.rut) };
    const prior = priorOf(b.personnummer);
    const rotRoom = Math.max(0, Math.min(cap.rotOre - prior.rot, cap.totalOre - prior.rot - prior.rut));
    const rot = Math.min(want.rot, rotRoom);
    const rutRoom = Math.max(0, Math.min(cap.rutOre - prior.rut, cap.totalOre - prior.rot - prior.rut - rot));
    const rut = Math.min(want.rut, rutRoom);
    uncappedOre.rot += want.rot;
    uncappedOre.rut += want.rut;
    deductionOre.rot += rot;
    deductionOre.rut += rut;
    return {
      personnummer: b.personnummer,
      shareBp: b.shareBp,
      labourOre: labour,
      deductionOre: { rot, rut },
      capped: rot < want.rot || rut < want.rut,
    };
  });
  return { uncappedOre, deductionOre, buyerResults };
}

/**
 * Validates an invoice's ROT/RUT data and computes the deduction: per line, only labour
 * (deduction_type set) counts; per type the rate of `date` applies to the labour cost
 * including VAT; the labour is split among the buyers by share, each buyer's deduction
 * is rounded down to whole kronor and held within the buyer's caps for the year,
 * counting `prior` (ROT first, then RUT against what is left of the common cap).
 */
export function computeDeduction(input: DeductionInput): RuleResult<DeductionResult> {
  const v: RuleViolation[] = [];
  const { rateBp, caps } = checkInvoice(input, v);
  const { work, otherCostOre, labourOre } = tallyLines(input, v);
  checkBuyersNamed(input, v);
  const buyers = checkBuyers(input, v);
  const hasRot = input.lines.some((l) => l.deductionType === "rot");
  const housing = checkHousing(input.housing, hasRot, input.date, v);
  if (v.length > 0) return { ok: false, violations: v };
  if (labourOre.rot <= 0 && labourOre.rut <= 0)
    return {
      ok: false,
      violations: [{ path: "items", message: "no labour line: give a line deduction_type rot or rut" }],
    };
  const rates = rateBp as PerType;
  const { uncappedOre, deductionOre, buyerResults } = capByBuyer(input, buyers, labourOre, rates, caps!);
  return {
    ok: true,
    value: {
      date: input.date,
      rateBp: rates,
      labourOre,
      uncappedOre,
      deductionOre,
      totalOre: deductionOre.rot + deductionOre.rut,
      buyers: buyerResults,
      work: [...work.values()].sort((a, b) => workTypeOrder(a.code) - workTypeOrder(b.code)),
      otherCostOre,
      housing,
    },
  };
}

/** The codes an invoice line may carry for a type (a schablon service only when its schablon is known). */
export function invoiceWorkTypeCodes(type: DeductionType): string[] {
  return WORK_TYPES.filter(
    (w) => w.type === type && (!w.schablon || SCHABLON_LABOUR_SHARE_BP[w.code] !== undefined),
  ).map((w) => w.code);
}

function codesOf(type: string): string {
  return invoiceWorkTypeCodes(type === "rot" ? "rot" : "rut").join(", ");
}

export interface CreditInput {
  /** the credited invoice's deduction, as computeDeduction returned it */
  original: Pick<DeductionResult, "labourOre" | "buyers">;
  /** labour including VAT credited by earlier credit notes of the same invoice, per type */
  creditedBeforeOre: PerType;
  /** labour including VAT credited by this credit note, per type */
  creditedNowOre: PerType;
}

export interface CreditResult {
  /** what this credit note takes back, per buyer and type (positive öre) */
  buyers: { personnummer: string; reversedOre: PerType }[];
  reversedOre: PerType;
  totalOre: number;
}

/**
 * A credit note reverses the deduction in proportion to the labour it credits. What is
 * left of a buyer's deduction must stay within the rate of what is left of the labour,
 * so the reversal is rounded up to whole kronor; a full credit reverses exactly the
 * whole deduction. Several credit notes on one invoice add up to the same as one.
 */
export function creditDeduction(input: CreditInput): RuleResult<CreditResult> {
  const v: RuleViolation[] = [];
  for (const t of ["rot", "rut"] as const) {
    const total = input.creditedBeforeOre[t] + input.creditedNowOre[t];
    if (input.creditedNowOre[t] < 0 || input.creditedBeforeOre[t] < 0)
      v.push({ path: "items", message: `${t.toUpperCase()} labour credited cannot be negative` });
    else if (total > input.original.labourOre[t]) {
      v.push({ path: "items", message: `the credit notes credit more ${t.toUpperCase()} labour than the invoice has` });
    }
  }
  if (v.length) return { ok: false, violations: v };
  const reversedUpTo = (orig: number, labour: number, credited: number) =>
    labour === 0 ? 0 : Math.min(orig, Math.ceil((orig * credited) / labour / 100) * 100);
  const reversedOre = emptyPerType();
  const buyers = input.original.buyers.map((b) => {
    const r = emptyPerType();
    for (const t of ["rot", "rut"] as const) {
      const labour = input.original.labourOre[t];
      const before = reversedUpTo(b.deductionOre[t], labour, input.creditedBeforeOre[t]);
      const after = reversedUpTo(b.deductionOre[t], labour, input.creditedBeforeOre[t] + input.creditedNowOre[t]);
      r[t] = after - before;
      reversedOre[t] += r[t];
    }
    return { personnummer: b.personnummer, reversedOre: r };
  });
  return { ok: true, value: { buyers, reversedOre, totalOre: reversedOre.rot + reversedOre.rut } };
}
