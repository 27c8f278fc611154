import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { PROSE, DOCS } from "./prose";
import { nowIso } from "../../clock";
import { type Database, database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { DateSchema } from "../../http/fields";
import { defineRoute, type HandlerContext } from "../../http/route";
import type { OpenForeignItems } from "../fiscal-periods";
import { type CashMethodCheck, complianceCheck, deadlinesOf, loadSettings, settingsJson } from "./commands";
import { commandRoute, handled, on, registerRoutes } from "../../http/route-table";

const TAG = "Compliance";
const Finding = z.object({
  severity: z.enum(["blocker", "warning", "info"]),
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()),
});
const CheckResult = z
  .object({
    type: z.string(),
    ready: z.boolean(),
    findings: z.array(Finding),
    summary: z.record(z.string(), z.unknown()),
    generated_at: z.string(),
    params: z.object({ type: z.string(), fiscal_period_id: z.string() }),
  })
  .openapi("ComplianceResult");
const Settings = z
  .object({
    annual_turnover_sek: z.number().int().min(0).max(1e12).openapi({
      description: "estimated VAT base (beskattningsunderlag) a year; above 40 000 000 the 26th rules apply",
    }),
    has_employees: z.boolean(),
    eu_trade: z.boolean().openapi({
      description: PROSE.euTradeField,
    }),
    eu_sales_list_period: z.enum(["monthly", "quarterly"]),
  })
  .openapi("ComplianceSettings");
const Deadline = z.object({
  type: z.enum([
    "vat_declaration",
    "employer_declaration",
    "tax_payment",
    "f_tax_instalment",
    "annual_report",
    "income_tax_return",
    "eu_sales_list",
  ]),
  period: z.string(),
  due_date: z.string(),
  description_sv: z.string(),
  description_en: z.string(),
  source: z.string(),
  done: z.boolean().nullable().openapi({
    description: PROSE.deadlineDoneField,
  }),
});

/** Which VAT periods (by the calendar's name) have their return: the vat-returns domain's answer, handed in by the composition root. */
export type DeclaredVatPeriods = (db: Database, companyId: string) => Promise<Map<string, boolean>>;

const READ = { tag: TAG, scope: "compliance:read", company: true } as const;

const checkComplianceRoute = defineRoute({
  ...on.get(READ, "/api/v1/companies/{companyId}/compliance/check", DOCS.checkCompliance),
  query: z
    .object({ type: z.enum(["year_end_readiness", "voucher_gaps"]), fiscal_period_id: z.string().min(1) })
    .strict(),
  response: CheckResult,
});

/**
 * The check's handler, given the invoice domains' open foreign-currency items (a domain
 * above this one, handed in by the composition root) for the closing-rate check.
 */
function checkComplianceWith(openForeignItems: OpenForeignItems, cashMethod: CashMethodCheck) {
  return async function checkCompliance(c: HandlerContext<typeof checkComplianceRoute>) {
    const q = c.req.valid("query");
    const fx = { env: c.env, items: openForeignItems };
    return json(
      c,
      await complianceCheck(database(c.env), c.get("company").id, q.type, q.fiscal_period_id, nowIso(), fx, cashMethod),
    );
  };
}

const listTaxDeadlinesRoute = defineRoute({
  ...on.get(READ, "/api/v1/companies/{companyId}/tax-deadlines", DOCS.listTaxDeadlines),
  query: z
    .object({ from: DateSchema.optional(), to: DateSchema.optional(), type: Deadline.shape.type.optional() })
    .strict(),
  response: z.object({ from: z.string(), to: z.string(), settings: Settings, deadlines: z.array(Deadline) }),
});

/** The tax calendar's handler, told which VAT periods have their return. */
function listTaxDeadlinesWith(declaredVatPeriods: DeclaredVatPeriods) {
  return async function listTaxDeadlines(c: HandlerContext<typeof listTaxDeadlinesRoute>) {
    const q = c.req.valid("query");
    const db = database(c.env);
    const companyId = c.get("company").id;
    const from = q.from ?? nowIso().slice(0, 10);
    const to = q.to ?? new Date(Date.parse(from) + 365 * 86_400_000).toISOString().slice(0, 10);
    const [{ deadlines }, settings, declared] = await Promise.all([
      deadlinesOf(db, companyId, from, to),
      loadSettings(db, companyId),
      declaredVatPeriods(db, companyId),
    ]);
    const { updated_at: _u, ...s } = settingsJson(settings);
    const marked = deadlines.map((d) => ({
      ...d,
      done: d.type === "vat_declaration" ? declared.get(d.period) === true : null,
    }));
    return json(c, {
      from,
      to,
      settings: s,
      deadlines: q.type ? marked.filter((d) => d.type === q.type) : marked,
    });
  };
}

const getComplianceSettingsRoute = defineRoute({
  ...on.get(READ, "/api/v1/companies/{companyId}/compliance/settings", DOCS.getComplianceSettings),
  response: Settings.extend({ updated_at: z.string().nullable() }),
});

async function getComplianceSettings(c: HandlerContext<typeof getComplianceSettingsRoute>) {
  return json(c, settingsJson(await loadSettings(database(c.env), c.get("company").id)));
}

const WRITE = {
  tag: TAG,
  scope: "companies:write",
  company: true,
  write: true,
  idempotency: "optional",
  dryRun: true,
} as const;

const updateComplianceSettings = commandRoute("compliance.update_settings", "body", {
  ...on.patch(WRITE, "/api/v1/companies/{companyId}/compliance/settings", DOCS.updateComplianceSettings),
  body: Settings.partial().strict(),
  response: Settings.extend({ updated_at: z.string().nullable() }),
});

/** openForeignItems: the invoice domains' open foreign-currency items (above this domain), for the closing-rate check. */
export function registerComplianceRoutes(
  app: OpenAPIHono<AppEnv>,
  openForeignItems: OpenForeignItems,
  declaredVatPeriods: DeclaredVatPeriods,
  cashMethod: CashMethodCheck,
) {
  registerRoutes(app, [
    handled(checkComplianceRoute, checkComplianceWith(openForeignItems, cashMethod)),
    handled(listTaxDeadlinesRoute, listTaxDeadlinesWith(declaredVatPeriods)),
    handled(getComplianceSettingsRoute, getComplianceSettings),
    updateComplianceSettings,
  ]);
}
