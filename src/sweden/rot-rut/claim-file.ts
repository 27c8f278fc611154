// Skatteverket's claim file, "Begäran om utbetalning" for ROT and RUT, schema V6
// (begaran/V6/Begaran.xsd with komponent/V6/BegaranCOMPONENT.xsd; copies and SHA-256 in
// ../shared/data/rotrut/SOURCES.md). Pure: cases in, XML text or rule violations out.
//
// The file's rules, from the schema and Skatteverket's e-service rules (quoted in
// SOURCES.md): a file is either RotBegaran or HushallBegaran (RUT), never both; at most
// 100 buyers per file; every BetalningsDatum in a file falls in the same calendar year;
// BegartBelopp ≤ BetaltBelopp and BegartBelopp + BetaltBelopp ≤ PrisForArbete; amounts
// are whole kronor. We also hold the claim within the rate of the payment date (a
// payment in 2026 of an invoice made in December 2025 gets the 2026 ROT rate).
import { XMLBuilder } from "fast-xml-parser";
import { parsePersonnummer } from "../identity";
import { allocateByShares, type DeductionResult, type Housing, type RuleResult, type RuleViolation } from "./deduction";
import { type DeductionType, deductionOf, deductionRateBp } from "./rules";
import { workType, workTypeOrder } from "./work-types";

export const BEGARAN_NAMESPACE = "http://xmls.skatteverket.se/se/skatteverket/ht/begaran/6.0";
export const KOMPONENT_NAMESPACE = "http://xmls.skatteverket.se/se/skatteverket/ht/komponent/begaran/6.0";
/** Skatteverket's e-service takes at most 100 buyers per file; we count cases (one buyer each), which never exceeds it. */
export const MAX_CASES_PER_FILE = 100;

export interface ClaimWork {
  code: string;
  /** whole hours (AntalTimmarTYPE 0-999; optional in the schema, null leaves it out); ignored for schablon services */
  hours: number | null;
  /** material including VAT, öre; ignored for schablon services */
  materialOre: number;
}

/** One Arende: one buyer on one invoice. */
export interface ClaimCase {
  invoiceNumber: string;
  /** 12 digits */
  personnummer: string;
  /** the day the buyer paid (YYYY-MM-DD) */
  paymentDate: string;
  /** the buyer's labour cost including VAT, öre (PrisForArbete) */
  priceOre: number;
  /** what the buyer paid for the labour, öre (BetaltBelopp) */
  paidOre: number;
  /** what is claimed from Skatteverket, öre, whole kronor (BegartBelopp) */
  claimedOre: number;
  /** other costs on the invoice including VAT, öre (Ovrigkostnad) */
  otherCostOre: number;
  work: ClaimWork[];
  /** ROT only: the home */
  housing?: Housing | null;
}

export interface ClaimFile {
  type: DeductionType;
  /** NamnPaBegaran, 1-16 characters */
  name: string;
  cases: ClaimCase[];
}

const kronor = (ore: number) => Math.floor(ore / 100);

export interface PaidInvoice {
  invoiceNumber: string;
  /** the day the customer's part was paid in full */
  paymentDate: string;
  /** the invoice's total including VAT and the customer's payments on it, öre */
  totalOre: number;
  paidOre: number;
  /** the deduction as computeDeduction returned it (after any credit notes, see creditDeduction) */
  deduction: Pick<DeductionResult, "buyers" | "work" | "otherCostOre" | "housing" | "deductionOre">;
}

/**
 * The cases of one paid invoice for one type: one per buyer with a deduction of that
 * type. The customer has paid in full, so each buyer has paid their labour less their
 * deduction; hours, material and other costs are split by the buyers' shares (largest
 * remainder, so the parts add up to the invoice's figures). On an invoice with both ROT
 * and RUT the other costs are reported with the ROT cases only, so no cost is in two files.
 */
export function claimCasesForPaidInvoice(invoice: PaidInvoice, type: DeductionType): RuleResult<ClaimCase[]> {
  const d = invoice.deduction;
  const customerPart = invoice.totalOre - d.deductionOre.rot - d.deductionOre.rut;
  if (invoice.paidOre < customerPart) {
    return {
      ok: false,
      violations: [
        {
          path: "invoice_ids",
          message:
            `${invoice.invoiceNumber}: the customer has not paid their part in full; Skatteverket pays only after ` +
            "the buyer has paid (7 § HUSFL)",
        },
      ],
    };
  }
  const shares = d.buyers.map((b) => b.shareBp);
  const work = d.work.filter((w) => w.type === type);
  const hours = work.map((w) => allocateByShares(Math.round(w.hoursHundredths / 100), shares));
  const material = work.map((w) => allocateByShares(w.materialOre, shares));
  const otherHere = type === "rot" || d.deductionOre.rot === 0;
  const other = allocateByShares(otherHere ? d.otherCostOre : 0, shares);
  const cases: ClaimCase[] = [];
  d.buyers.forEach((b, i) => {
    const claimed = b.deductionOre[type];
    if (claimed <= 0) return;
    cases.push({
      invoiceNumber: invoice.invoiceNumber,
      personnummer: b.personnummer,
      paymentDate: invoice.paymentDate,
      priceOre: b.labourOre[type],
      paidOre: b.labourOre[type] - claimed,
      claimedOre: claimed,
      otherCostOre: other[i],
      work: work.map((w, k) => ({ code: w.code, hours: hours[k][i], materialOre: material[k][i] })),
      housing: type === "rot" ? d.housing : null,
    });
  });
  return { ok: true, value: cases };
}

/**
 * Splits cases into files: ROT and RUT apart, one payment year per file, at most 100
 * cases each, named "ROT 2026" (or "ROT 2026 2/3" when a year needs several files).
 */
export function planClaimFiles(cases: { type: DeductionType; claim: ClaimCase }[]): ClaimFile[] {
  const groups = new Map<string, ClaimCase[]>();
  for (const c of cases) {
    const key = `${c.type} ${c.claim.paymentDate.slice(0, 4)}`;
    groups.set(key, [...(groups.get(key) ?? []), c.claim]);
  }
  const files: ClaimFile[] = [];
  for (const key of [...groups.keys()].sort()) {
    const [type, year] = key.split(" ") as [DeductionType, string];
    const all = groups.get(key)!;
    const n = Math.ceil(all.length / MAX_CASES_PER_FILE);
    for (let k = 0; k < n; k++) {
      files.push({
        type,
        name: `${type.toUpperCase()} ${year}${n > 1 ? ` ${k + 1}/${n}` : ""}`,
        cases: all.slice(k * MAX_CASES_PER_FILE, (k + 1) * MAX_CASES_PER_FILE),
      });
    }
  }
  return files;
}

/** Every rule a file must meet, with paths cases[i].field (and the invoice number in the message). */
export function validateClaimFile(file: ClaimFile): RuleViolation[] {
  const v: RuleViolation[] = [];
  if (file.name.length < 1 || file.name.length > 16)
    v.push({ path: "name", message: "NamnPaBegaran must be 1-16 characters" });
  if (file.cases.length === 0) v.push({ path: "cases", message: "a file needs at least one case" });
  if (file.cases.length > MAX_CASES_PER_FILE)
    v.push({ path: "cases", message: `at most ${MAX_CASES_PER_FILE} buyers per file` });
  const years = new Set(file.cases.map((c) => c.paymentDate.slice(0, 4)));
  if (years.size > 1)
    v.push({
      path: "cases",
      message: `every payment date of a file must be in the same year; found ${[...years].sort().join(", ")}`,
    });
  file.cases.forEach((c, i) => {
    const p = `cases[${i}]`;
    const at = `${c.invoiceNumber}:`;
    const pnr = parsePersonnummer(c.personnummer, c.paymentDate);
    if (!/^\d{12}$/.test(c.personnummer) || !pnr || pnr.kind !== "personnummer")
      v.push({ path: `${p}.personnummer`, message: `${at} Kopare must be a valid 12-digit personnummer` });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(c.paymentDate) || c.paymentDate < "2009-07-01")
      v.push({ path: `${p}.payment_date`, message: `${at} BetalningsDatum must be a date from 2009-07-01` });
    if (c.invoiceNumber.length > 20)
      v.push({ path: `${p}.invoice_number`, message: `${at} FakturaNr is at most 20 characters` });
    const price = kronor(c.priceOre);
    const paid = kronor(c.paidOre);
    const claimed = kronor(c.claimedOre);
    if (c.claimedOre % 100 !== 0)
      v.push({ path: `${p}.claimed`, message: `${at} the claimed amount must be whole kronor` });
    if (price < 2) v.push({ path: `${p}.price`, message: `${at} PrisForArbete must be at least 2 kr` });
    if (claimed <= 0) v.push({ path: `${p}.claimed`, message: `${at} nothing to claim` });
    if (claimed > paid)
      v.push({
        path: `${p}.claimed`,
        message: `${at} the claimed amount (${claimed} kr) is above the amount paid (${paid} kr)`,
      });
    if (claimed + paid > price)
      v.push({
        path: `${p}.claimed`,
        message: `${at} claimed + paid (${claimed + paid} kr) is above the price of the work (${price} kr)`,
      });
    const rate = deductionRateBp(file.type, c.paymentDate);
    if (rate === null)
      v.push({ path: `${p}.payment_date`, message: `${at} no ${file.type.toUpperCase()} rate on ${c.paymentDate}` });
    else if (c.claimedOre > deductionOf(c.priceOre, rate)) {
      v.push({
        path: `${p}.claimed`,
        message:
          `${at} the claimed amount is above ${rate / 100} % of the labour cost, the ${file.type.toUpperCase()} ` +
          `rate on the payment date ${c.paymentDate}`,
      });
    }
    if (c.otherCostOre < 0 || kronor(c.otherCostOre) > 9_999_999)
      v.push({ path: `${p}.other_cost`, message: `${at} Ovrigkostnad must be 0-9 999 999 kr` });
    if (c.work.length === 0) v.push({ path: `${p}.work`, message: `${at} at least one work type` });
    const seen = new Set<string>();
    c.work.forEach((w, k) => {
      const wt = workType(w.code);
      if (!wt || wt.type !== file.type)
        v.push({ path: `${p}.work[${k}].code`, message: `${at} ${w.code} is not ${file.type.toUpperCase()} work` });
      if (seen.has(w.code)) v.push({ path: `${p}.work[${k}].code`, message: `${at} ${w.code} is given twice` });
      seen.add(w.code);
      if (wt && !wt.schablon) {
        if (w.hours !== null && (!Number.isInteger(w.hours) || w.hours < 0 || w.hours > 999))
          v.push({ path: `${p}.work[${k}].hours`, message: `${at} AntalTimmar must be 0-999 whole hours` });
        if (w.materialOre < 0 || kronor(w.materialOre) > 9_999_999)
          v.push({ path: `${p}.work[${k}].material`, message: `${at} Materialkostnad must be 0-9 999 999 kr` });
      }
    });
    if (file.type === "rot") {
      const h = c.housing;
      const house = !!h?.housingDesignation;
      const flat = !!h?.apartmentNumber && !!h?.brfOrgNumber;
      if (house === flat)
        v.push({
          path: `${p}.housing`,
          message: `${at} ROT needs either Fastighetsbeteckning or LagenhetsNr with BrfOrgNr`,
        });
      if (h?.brfOrgNumber && !/^[\d-]{1,12}$/.test(h.brfOrgNumber))
        v.push({ path: `${p}.housing`, message: `${at} BrfOrgNr is at most 12 digits` });
    } else if (c.housing?.housingDesignation || c.housing?.apartmentNumber || c.housing?.brfOrgNumber) {
      v.push({ path: `${p}.housing`, message: `${at} a RUT case has no home designation` });
    }
  });
  return v;
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  format: true,
  indentBy: "\t",
  suppressEmptyNode: false,
});

/**
 * The XML of a file, after validateClaimFile: the root in the begaran namespace (ns1),
 * every element under it in the komponent namespace (ns2), as in Skatteverket's examples.
 */
export function buildClaimXml(file: ClaimFile): RuleResult<string> {
  const violations = validateClaimFile(file);
  if (violations.length) return { ok: false, violations };
  const n = (name: string) => `ns2:${name}`;
  const arenden = file.cases.map((c) => {
    const a: Record<string, unknown> = {
      [n("Kopare")]: c.personnummer,
      [n("BetalningsDatum")]: c.paymentDate,
      [n("PrisForArbete")]: kronor(c.priceOre),
      [n("BetaltBelopp")]: kronor(c.paidOre),
      [n("BegartBelopp")]: kronor(c.claimedOre),
      [n("FakturaNr")]: c.invoiceNumber,
      [n("Ovrigkostnad")]: kronor(c.otherCostOre),
    };
    if (file.type === "rot") {
      if (c.housing?.housingDesignation) a[n("Fastighetsbeteckning")] = c.housing.housingDesignation;
      else {
        a[n("LagenhetsNr")] = c.housing!.apartmentNumber;
        a[n("BrfOrgNr")] = c.housing!.brfOrgNumber;
      }
    }
    const utfort: Record<string, unknown> = {};
    for (const w of [...c.work].sort((x, y) => workTypeOrder(x.code) - workTypeOrder(y.code))) {
      utfort[n(w.code)] = workType(w.code)!.schablon
        ? { [n("Utfort")]: true }
        : {
            ...(w.hours === null ? {} : { [n("AntalTimmar")]: w.hours }),
            [n("Materialkostnad")]: kronor(w.materialOre),
          };
    }
    a[n("UtfortArbete")] = utfort;
    return a;
  });
  const doc = {
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    "ns1:Begaran": {
      "@_xmlns:ns1": BEGARAN_NAMESPACE,
      "@_xmlns:ns2": KOMPONENT_NAMESPACE,
      [n("NamnPaBegaran")]: file.name,
      [n(file.type === "rot" ? "RotBegaran" : "HushallBegaran")]: { [n("Arenden")]: arenden },
    },
  };
  return { ok: true, value: builder.build(doc) as string };
}
