// Compliance: the pre-flight checks (year-end readiness, voucher gaps) as read-only
// snapshots, and the company's tax calendar computed from its settings with
// src/sweden/tax-deadlines.ts (the sources of every rule are cited there).
import { eq } from "drizzle-orm";
import type { Command } from "../../commands/plan";
import type { Database } from "../../db/client";
import { complianceSettings } from "../../db/schema";
import { fieldError } from "../../errors/api-error";
import { taxDeadlines, type EntityType, type TaxProfile } from "../../sweden/tax-deadlines";
import type { FiscalPeriodRow } from "../../ledger/engine";
import { loadCompany } from "../companies";
import {
  listPeriods,
  loadPeriod,
  voucherGaps,
  yearEndReadiness,
  type Finding,
  type ReadinessFx,
} from "../fiscal-periods";
import { hasActiveEmployees } from "../payroll";

type SettingsRow = typeof complianceSettings.$inferSelect;

/** Without a row: no turnover above the 40 MSEK rules, no employees, no EU trade, a monthly EU sales list. */
export const DEFAULT_SETTINGS = {
  annualTurnoverSek: 0,
  hasEmployees: false,
  euTrade: false,
  euSalesListPeriod: "monthly" as const,
};

export function settingsJson(
  s: Pick<SettingsRow, "annualTurnoverSek" | "hasEmployees" | "euTrade" | "euSalesListPeriod"> & {
    updatedAt: string | null;
  },
) {
  return {
    annual_turnover_sek: s.annualTurnoverSek,
    has_employees: s.hasEmployees,
    eu_trade: s.euTrade,
    eu_sales_list_period: s.euSalesListPeriod,
    updated_at: s.updatedAt,
  };
}

export async function loadSettings(db: Database, companyId: string) {
  const row = await db.select().from(complianceSettings).where(eq(complianceSettings.companyId, companyId)).get();
  return row ?? { ...DEFAULT_SETTINGS, companyId, updatedAt: null };
}

export interface SettingsInput {
  annual_turnover_sek?: number;
  has_employees?: boolean;
  eu_trade?: boolean;
  eu_sales_list_period?: "monthly" | "quarterly";
}

export const updateComplianceSettings: Command<SettingsInput> = async (db, input, ctx) => {
  const current = await loadSettings(db, ctx.companyId);
  const row: SettingsRow = {
    companyId: ctx.companyId,
    annualTurnoverSek: input.annual_turnover_sek ?? current.annualTurnoverSek,
    hasEmployees: input.has_employees ?? current.hasEmployees,
    euTrade: input.eu_trade ?? current.euTrade,
    euSalesListPeriod: input.eu_sales_list_period ?? current.euSalesListPeriod,
    updatedAt: ctx.now,
  };
  const { companyId: _c, ...set } = row;
  return {
    status: 200,
    data: settingsJson(row),
    statements: [
      db.insert(complianceSettings).values(row).onConflictDoUpdate({ target: complianceSettings.companyId, set }),
    ],
    audit: { action: "compliance.settings_updated", resourceType: "company", resourceId: ctx.companyId },
  };
};

/** The company's tax profile: its form, VAT period and F-skatt from the company, the rest from the settings. */
export async function taxProfileOf(db: Database, companyId: string): Promise<TaxProfile> {
  const [{ companies: company }, settings, periods, employing] = await Promise.all([
    loadCompany(db, companyId),
    loadSettings(db, companyId),
    listPeriods(db, companyId),
    hasActiveEmployees(db, companyId),
  ]);
  const first = periods[periods.length - 1];
  return {
    entity_type: company.entityType as EntityType,
    fiscal_year_start: first.periodStart,
    fiscal_year_end: first.periodEnd,
    moms_period: company.vatRegistered ? (company.momsPeriod ?? "quarterly") : null,
    annual_turnover_sek: settings.annualTurnoverSek,
    // an employee on the payroll makes the company an employer, whatever the setting says
    has_employees: settings.hasEmployees || employing,
    f_skatt: company.fSkatt,
    eu_trade: settings.euTrade,
    eu_sales_list_period: settings.euSalesListPeriod,
    active_from: first.periodStart,
  };
}

export async function deadlinesOf(db: Database, companyId: string, from: string, to: string) {
  if (to < from) throw fieldError("to", "must be on or after from");
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  if (days > 3 * 366) throw fieldError("to", "the range may span at most three years");
  const profile = await taxProfileOf(db, companyId);
  return { from, to, profile, deadlines: taxDeadlines(profile, from, to) };
}

/**
 * The cash method's warnings for a year (CASH_METHOD_ENTRY_MISSING,
 * VAT_RETURN_LACKS_CASH_METHOD_ENTRY): they need the invoice domains and the VAT returns,
 * above this domain, so the composition root hands them in (src/app/cash-method.ts).
 */
export type CashMethodCheck = (
  db: Database,
  companyId: string,
  period: FiscalPeriodRow,
  today: string,
) => Promise<Finding[]>;

/** GET .../compliance/check: a snapshot; nothing is written. */
export async function complianceCheck(
  db: Database,
  companyId: string,
  type: "year_end_readiness" | "voucher_gaps",
  periodId: string,
  now: string,
  fx: ReadinessFx,
  cashMethod?: CashMethodCheck,
) {
  const period = await loadPeriod(db, companyId, periodId);
  let findings: Finding[];
  let summary: Record<string, unknown>;
  if (type === "year_end_readiness") {
    const { companies: company } = await loadCompany(db, companyId);
    const r = await yearEndReadiness(db, companyId, period, fx, company.entityType);
    // bokslutsmetoden: the entry of the unpaid invoices belongs before the year's last VAT return
    findings = [...r.findings, ...(cashMethod ? await cashMethod(db, companyId, period, now.slice(0, 10)) : [])];
    summary = {
      blockers: findings.filter((f) => f.severity === "blocker").length,
      checks: [
        "period_locked",
        "no_drafts",
        "voucher_gaps_explained",
        "trial_balance_balanced",
        "result_not_yet_booked",
        "corporate_tax_calculated",
        "cash_method_entry_made",
      ],
    };
  } else {
    const gaps = await voucherGaps(db, companyId, period.id);
    findings = gaps.map((g) => ({
      severity: g.explained ? "info" : "blocker",
      code: g.explained ? "VOUCHER_GAP_EXPLAINED" : "VOUCHER_GAP_UNEXPLAINED",
      message: g.explained
        ? `Voucher numbers ${g.voucher_series}${g.gap_start}-${g.gap_end} are missing and explained.`
        : `Voucher numbers ${g.voucher_series}${g.gap_start}-${g.gap_end} are missing; explain them with POST ` +
          `/api/v1/companies/${companyId}/voucher-gap-explanations.`,
      details: { ...g },
    }));
    summary = { gaps: gaps.length, unexplained: gaps.filter((g) => !g.explained).length };
  }
  return {
    type,
    ready: !findings.some((f) => f.severity === "blocker"),
    findings,
    summary,
    generated_at: now,
    params: { type, fiscal_period_id: period.id },
  };
}
