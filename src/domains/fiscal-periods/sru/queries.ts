// The SRU forms of a fiscal year (INK2 with INK2R/INK2S, or NE): the books and the stored tax
// calculation read into Skatteverket's fields, with the sender's identity.
import type { z } from "@hono/zod-openapi";
import type { Database } from "../../../db/client";
import { ApiError } from "../../../errors/api-error";
import type { FiscalPeriodRow } from "../../../ledger/engine";
import { periodAccountTotals } from "../../../ledger/queries";
import { toOre } from "../../../money";
import { parseOrgNumber, parsePersonnummer } from "../../../sweden/identity";
import { neFigures } from "../../../sweden/ne";
import { neBalanceSheet } from "../../../sweden/ne-balance";
import { type SruForm, type SruSender, formCode } from "../../../sweden/sru/files";
import { ink2Fields, ink2rFields, ink2rFigures, ink2sFields, type TaxFigures } from "../../../sweden/sru/ink2";
import { neFields } from "../../../sweden/sru/ne";
import { taxCalculationOf } from "../tax/commands";
import type { TaxCalculationSchema } from "../tax/schemas";

/** The stored calculation, as GET .../tax answers it. */
type TaxCalculation = z.infer<typeof TaxCalculationSchema>;

export const PROGRAM = "Bokföring API 1.0";

/** What the files need of the company (companies sits above this domain): its form, identity and address. */
export interface SruCompany {
  entityType: string;
  vatRegistered: boolean;
  name: string;
  orgNumber: string | null;
  addressLine1: string | null;
  postalCode: string | null;
  city: string | null;
}

export type SruCompanyOf = (db: Database, companyId: string) => Promise<SruCompany>;

/** The 12-digit identity of the files: 16 + an organisation number, or a sole trader's personnummer. */
function identityOf(company: SruCompany, today: string): string | null {
  if (!company.orgNumber) return null;
  if (company.entityType === "enskild_firma") return parsePersonnummer(company.orgNumber, today)?.long ?? null;
  const org = parseOrgNumber(company.orgNumber, today);
  return org && !org.isPersonal ? `16${org.formatted.replace("-", "")}` : null;
}

/** The sender of INFO.SRU, or the refusal naming every detail the company lacks. */
export function senderOf(company: SruCompany, today: string): SruSender {
  const identity = identityOf(company, today);
  const missing = [
    ...(identity ? [] : ["org_number"]),
    ...(company.addressLine1 ? [] : ["address_line1"]),
    ...(company.postalCode ? [] : ["postal_code"]),
    ...(company.city ? [] : ["city"]),
  ];
  if (!identity || !company.addressLine1 || !company.postalCode || !company.city)
    throw new ApiError("SRU_COMPANY_DETAILS_MISSING", { missing });
  return {
    identity,
    name: company.name,
    address: company.addressLine1,
    postalCode: company.postalCode,
    city: company.city,
  };
}

/** Kronor of the stored calculation (at most two decimals) in öre. */
const ore = (kr: number) => toOre(kr) ?? 0;

/** What INK2S takes from the stored calculation (docs/tax.md). */
function taxFiguresOf(calc: TaxCalculation): TaxFigures {
  const sum = (kind: string) => calc.adjustments.filter((a) => a.kind === kind).reduce((s, a) => s + ore(a.amount), 0);
  return {
    nonDeductibleOre: sum("non_deductible"),
    taxFreeOre: -sum("tax_free"),
    schablonintaktOre: ore(calc.schablonintakt),
    previousYearLossOre: ore(calc.previous_year_loss),
  };
}

/** INK2, INK2R and INK2S of an aktiebolag's year; refused before its tax is calculated. */
async function ink2Forms(
  db: Database,
  companyId: string,
  period: FiscalPeriodRow,
): Promise<{ forms: SruForm[]; unmapped: string[] }> {
  const [row, totals] = await Promise.all([
    taxCalculationOf(db, companyId, period.id),
    periodAccountTotals(db, companyId, period.id),
  ]);
  if (!row)
    throw new ApiError(
      "TAX_NOT_CALCULATED",
      { fiscal_period_id: period.id },
      "INK2S needs the year's tax calculation: POST .../fiscal-periods/{id}/tax first.",
    );
  const { periodStart: start, periodEnd: end } = period;
  const figures = ink2rFigures(totals);
  const r = ink2rFields(figures, start, end);
  const s = ink2sFields(
    r.result,
    r.kronor.get("7528") ?? 0,
    taxFiguresOf(row.calculation as TaxCalculation),
    start,
    end,
  );
  const forms = [
    { code: formCode("INK2", end), fields: ink2Fields(s.surplus, start, end) },
    { code: formCode("INK2R", end), fields: r.fields },
    { code: formCode("INK2S", end), fields: s.fields },
  ];
  return { forms, unmapped: figures.unmapped };
}

/** NE of a sole trader's year, from the NE figures. */
async function neForms(db: Database, companyId: string, period: FiscalPeriodRow, vatRegistered: boolean) {
  const totals = await periodAccountTotals(db, companyId, period.id);
  const ne = neFigures(totals, vatRegistered);
  const { fields } = neFields(ne.fields, period.periodStart, period.periodEnd, neBalanceSheet(totals));
  return {
    forms: [{ code: formCode("NE", period.periodEnd), fields }],
    unmapped: ne.unmapped.map((a) => a.account),
  };
}

/** The forms by the company's form: INK2 for an aktiebolag, NE for an enskild firma. */
export async function formsOf(db: Database, companyId: string, period: FiscalPeriodRow, company: SruCompany) {
  if (company.entityType === "aktiebolag") return ink2Forms(db, companyId, period);
  if (company.entityType === "enskild_firma") return neForms(db, companyId, period, company.vatRegistered);
  throw new ApiError(
    "TAX_ENTITY_TYPE_MISMATCH",
    { entity_type: company.entityType },
    "The SRU files are made for an aktiebolag (INK2) or an enskild firma (NE).",
  );
}
