// The income-tax return's files (issue #31): GET .../fiscal-periods/{id}/sru answers
// Skatteverket's INFO.SRU and BLANKETTER.SRU for the year, INK2 + INK2R + INK2S of an
// aktiebolag (from the books and the stored tax calculation) or NE of a sole trader (from
// the NE figures), zipped together or each alone. The format and fields: src/sweden/sru/.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { zipSync } from "fflate";
import { nowIso, todayUtc } from "../../clock";
import { type Database, database } from "../../db/client";
import { ApiError } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import { fileResponse } from "../../http/file-response";
import { CompanyItemParams } from "../../http/params";
import { defineRoute, type HandlerContext } from "../../http/route";
import type { FiscalPeriodRow } from "../../ledger/engine";
import { periodAccountTotals } from "../../ledger/queries";
import { toOre } from "../../money";
import { parseOrgNumber, parsePersonnummer } from "../../sweden/identity";
import { neFigures } from "../../sweden/ne";
import { neBalanceSheet } from "../../sweden/ne-balance";
import {
  FORMS_FILE,
  INFO_FILE,
  type SruForm,
  type SruSender,
  blanketterSru,
  formCode,
  infoSru,
  sruBytes,
} from "../../sweden/sru/files";
import { ink2Fields, ink2rFields, ink2rFigures, ink2sFields, type TaxFigures } from "../../sweden/sru/ink2";
import { neFields } from "../../sweden/sru/ne";
import { taxCalculationOf } from "./corporate-tax";
import type { TaxCalculationSchema } from "./tax-routes";
import { loadPeriod } from "./service";

const TAG = "Fiscal periods";

/** The stored calculation, as GET .../tax answers it. */
type TaxCalculation = z.infer<typeof TaxCalculationSchema>;
const PROGRAM = "Bokföring API 1.0";

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

const SruQuery = z
  .object({
    file: z.enum([INFO_FILE, FORMS_FILE]).optional().openapi({
      description: "one file alone, as text/plain in ISO-8859-1; absent: both in one zip",
    }),
    format: z.literal("zip").optional().openapi({ description: "zip (the default): INFO.SRU and BLANKETTER.SRU" }),
  })
  .strict();

const getSruRoute = defineRoute({
  method: "get",
  path: "/api/v1/companies/{companyId}/fiscal-periods/{id}/sru",
  tag: TAG,
  summary: "The income-tax return as Skatteverket's SRU files (INFO.SRU, BLANKETTER.SRU)",
  description:
    "An aktiebolag: INK2 (7104 överskott / 7114 underskott), INK2R (the balance sheet and income statement by BAS's INK2 kopplingstabell) and INK2S (the booked result, " +
    "the booked tax, the non-deductible costs and tax-free income, the schablonintäkt and last year's loss from the stored tax calculation), each with 7011/7012 the year's dates. " +
    "A sole trader: NE R1-R11. ISO-8859-1, CRLF, whole kronor (öre dropped), a field of 0 left out. Default a zip of both files; ?file=INFO.SRU or BLANKETTER.SRU answers one as " +
    "text/plain. Refusals: TAX_NOT_CALCULATED (409, an aktiebolag's year without POST .../tax), SRU_COMPANY_DETAILS_MISSING (409, no organisation number, address, postal code " +
    "or city; details.missing), TAX_ENTITY_TYPE_MISMATCH (another form). Accounts whose balance no field takes are named in the SRU-Unmapped-Accounts header. See docs/tax.md.",
  scope: "reports:read",
  company: true,
  params: CompanyItemParams,
  query: SruQuery,
  response: null,
});

/** The 12-digit identity of the files: 16 + an organisation number, or a sole trader's personnummer. */
function identityOf(company: SruCompany, today: string): string | null {
  if (!company.orgNumber) return null;
  if (company.entityType === "enskild_firma") return parsePersonnummer(company.orgNumber, today)?.long ?? null;
  const org = parseOrgNumber(company.orgNumber, today);
  return org && !org.isPersonal ? `16${org.formatted.replace("-", "")}` : null;
}

/** The sender of INFO.SRU, or the refusal naming every detail the company lacks. */
function senderOf(company: SruCompany, today: string): SruSender {
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
async function formsOf(db: Database, companyId: string, period: FiscalPeriodRow, company: SruCompany) {
  if (company.entityType === "aktiebolag") return ink2Forms(db, companyId, period);
  if (company.entityType === "enskild_firma") return neForms(db, companyId, period, company.vatRegistered);
  throw new ApiError(
    "TAX_ENTITY_TYPE_MISMATCH",
    { entity_type: company.entityType },
    "The SRU files are made for an aktiebolag (INK2) or an enskild firma (NE).",
  );
}

const TEXT = "text/plain; charset=ISO-8859-1";
const UNMAPPED_HEADER = "SRU-Unmapped-Accounts";

function getSruWith(companyOf: SruCompanyOf) {
  return async function getSru(c: HandlerContext<typeof getSruRoute>) {
    const db = database(c.env);
    const companyId = c.get("company").id;
    const query = c.req.valid("query");
    const [period, company] = await Promise.all([
      loadPeriod(db, companyId, c.req.valid("param").id),
      companyOf(db, companyId),
    ]);
    const sender = senderOf(company, todayUtc());
    const { forms, unmapped } = await formsOf(db, companyId, period, company);
    const createdAt = nowIso();
    const files = {
      [INFO_FILE]: sruBytes(infoSru(sender, createdAt, PROGRAM)),
      [FORMS_FILE]: sruBytes(blanketterSru(sender, forms, createdAt)),
    };
    // the file name carries no identity: a sole trader's is a personnummer
    const res = query.file
      ? fileResponse(c, files[query.file], TEXT, query.file)
      : fileResponse(c, zipSync(files), "application/zip", `sru-${period.periodEnd}.zip`);
    // accounts with a balance that no field takes are named, so the files are not taken as whole unread
    if (unmapped.length) res.headers.set(UNMAPPED_HEADER, unmapped.join(","));
    return res;
  };
}

export function registerSruRoutes(app: OpenAPIHono<AppEnv>, companyOf: SruCompanyOf) {
  app.openapi(getSruRoute, getSruWith(companyOf));
}
