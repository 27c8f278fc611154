// Companies: creation (the chart and the first fiscal year planned by their owners,
// the owner membership), reads, settings, and who belongs to which company.
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Command } from "../../commands/plan";
import { forgetInWriter } from "../../commands/submit";
import { drizzle } from "drizzle-orm/d1";
import type { Database } from "../../db/client";
import { bindingOf, directory, homeEntry, homeOf } from "../../db/homes";
import type { Env } from "../../env";
import { companies, companySettings, memberships } from "../../db/schema";
import { ApiError, fieldError } from "../../errors/api-error";
import type { Role } from "../../http/context";
import { newId } from "../../ids";
import { fiscalYearName } from "../../sweden/fiscal-year";
import { fromOre } from "../../money";
import { planChartForNewCompany } from "../accounts";
import { planFirstPeriod } from "../fiscal-periods";
import { checkWebhookUrl } from "../webhooks";
import { checkEndpointId } from "../../formats/peppol/endpoint";
import { encryptSecret } from "../../secrets";
import { checkCreationRules, checkVatRegistration, settingsColumns } from "./rules";
import type { CompanyCreateInput, SettingsPatchInput } from "./schemas";

type CompanyRow = typeof companies.$inferSelect;
type SettingsRow = typeof companySettings.$inferSelect;

export const TRIAL_DAYS = 30;

export function companyJson(row: CompanyRow, role?: Role) {
  return {
    id: row.id,
    name: row.name,
    org_number: row.orgNumber,
    entity_type: row.entityType,
    ...(role ? { role } : {}),
    vat_registered: row.vatRegistered,
    moms_period: row.momsPeriod,
    accounting_method: row.accountingMethod,
    f_skatt: row.fSkatt,
    fiscal_year_start_month: row.fiscalYearStartMonth,
    sandbox: row.isSandbox,
    trial_ends_at: row.trialEndsAt,
    created_at: row.createdAt,
  };
}

/** The AGI's contact person from the settings, or null when none is set. */
export function payrollContactOf(s: SettingsRow): { name: string; phone: string; email: string } | null {
  if (!s.payrollContactName || !s.payrollContactPhone || !s.payrollContactEmail) return null;
  return { name: s.payrollContactName, phone: s.payrollContactPhone, email: s.payrollContactEmail };
}

export function settingsJson(s: SettingsRow, c: CompanyRow) {
  return {
    invoice_default_days: s.invoiceDefaultDays,
    bankgiro: s.bankgiro,
    plusgiro: s.plusgiro,
    bank_clearing_number: s.bankClearingNumber,
    bank_account_number: s.bankAccountNumber,
    iban: s.iban,
    bic: s.bic,
    email_sender_name: s.emailSenderName,
    email_reply_to: s.emailReplyTo,
    address_line1: s.addressLine1,
    address_line2: s.addressLine2,
    postal_code: s.postalCode,
    city: s.city,
    country: s.country,
    phone: s.phone,
    email: s.email,
    website: s.website,
    vat_number: s.vatNumber,
    late_payment_interest_rate: s.latePaymentInterestRate === null ? null : Number(s.latePaymentInterestRate),
    reminder_fee: s.reminderFeeOre === null ? null : fromOre(s.reminderFeeOre),
    auto_reminder_days: s.autoReminderDays,
    default_voucher_series: s.defaultVoucherSeries,
    payroll_contact: payrollContactOf(s),
    vacation_year: s.vacationYear,
    peppol_access_point: s.peppolAccessPointUrl
      ? { url: s.peppolAccessPointUrl, token_set: !!s.peppolAccessPointTokenEnc, sender_id: s.peppolSenderId }
      : null,
    vat_registered: c.vatRegistered,
    moms_period: c.momsPeriod,
    f_skatt: c.fSkatt,
    updated_at: s.updatedAt,
  };
}

export const createCompany: Command<CompanyCreateInput & { sandbox: boolean }> = async (db, input, ctx) => {
  const today = ctx.now.slice(0, 10);
  const { orgNumber, period, accountingMethod } = checkCreationRules(input, today);
  const trialEnds = new Date(Date.parse(ctx.now) + TRIAL_DAYS * 86_400_000).toISOString();
  const company: CompanyRow = {
    id: ctx.companyId,
    name: input.name,
    orgNumber,
    entityType: input.entity_type,
    vatRegistered: input.vat_registered,
    momsPeriod: input.moms_period ?? null,
    accountingMethod,
    fSkatt: input.f_skatt,
    fiscalYearStartMonth: input.fiscal_year_start_month,
    isSandbox: input.sandbox,
    trialEndsAt: trialEnds,
    archivedAt: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  const periodId = newId();
  const periodName = fiscalYearName(period.start, period.end);
  return {
    status: 201,
    data: {
      ...companyJson(company, "owner"),
      fiscal_period: { id: periodId, start_date: period.start, end_date: period.end, name: periodName },
      team_id: null,
    },
    statements: [
      db.insert(companies).values(company),
      // Semesterlagen 3 §: without an agreement the vacation year is April–March, so that is a new company's default.
      db
        .insert(companySettings)
        .values({ companyId: company.id, vacationYear: input.vacation_year ?? "april_march", updatedAt: ctx.now }),
      planChartForNewCompany(db, company.id, ctx.now),
      planFirstPeriod(db, {
        id: periodId,
        companyId: company.id,
        name: periodName,
        start: period.start,
        end: period.end,
        now: ctx.now,
      }),
    ],
    audit: { action: "company.created", resourceType: "company", resourceId: company.id },
  };
};

/** The companies whose overdue sweep sends reminders itself (auto_reminder_days set), with their interval. */
export async function companiesWithAutoReminders(db: Database): Promise<{ companyId: string; days: number }[]> {
  const rows = await db
    .select({ companyId: companySettings.companyId, days: companySettings.autoReminderDays })
    .from(companySettings)
    .where(isNotNull(companySettings.autoReminderDays))
    .all();
  return rows.map((r) => ({ companyId: r.companyId, days: r.days! }));
}

/** The company and its settings, unless archived: loadCompany's read, batchable (a command's declared reads). */
export function companyRead(db: Database, companyId: string) {
  return db
    .select()
    .from(companies)
    .innerJoin(companySettings, eq(companySettings.companyId, companies.id))
    .where(and(eq(companies.id, companyId), isNull(companies.archivedAt)));
}

/** companyRead's row, or NOT_FOUND. */
export function companyOf(row: CompanyWithSettings | undefined, companyId: string): CompanyWithSettings {
  if (!row) throw new ApiError("NOT_FOUND", { resource: "company", id: companyId });
  return row;
}

export type CompanyWithSettings = Awaited<ReturnType<ReturnType<typeof companyRead>["get"]>> & {};

export async function loadCompany(db: Database, companyId: string): Promise<CompanyWithSettings> {
  return companyOf(await companyRead(db, companyId).get(), companyId);
}

/** Whether payroll has booked vacation for the company (asked by the composition root of payroll). */
export type VacationBooked = (db: Database, companyId: string) => Promise<string | null>;

/**
 * The access point's columns from the PATCH: the url held to the webhook guard (https, a host
 * that resolves to public addresses only), the token encrypted, the sender id a Peppol address
 * the validator's scheme list knows. null removes all three.
 */
async function accessPointColumns(env: Env, ap: NonNullable<SettingsPatchInput["peppol_access_point"]> | null) {
  if (ap === null) return { peppolAccessPointUrl: null, peppolAccessPointTokenEnc: null, peppolSenderId: null };
  const verdict = await checkWebhookUrl(env, ap.url);
  if (!verdict.ok)
    throw new ApiError(
      "VALIDATION_ERROR",
      {
        fields: [{ path: "peppol_access_point.url", message: verdict.reason }],
        reason: verdict.reason,
        host: verdict.detail ?? null,
      },
      `peppol_access_point.url refused: ${verdict.reason} (https, a host resolving to public addresses only)`,
    );
  let senderId: string | null = null;
  if (ap.sender_id) {
    const [scheme, ...rest] = ap.sender_id.split(":");
    const checked = checkEndpointId(scheme, rest.join(":"));
    if (!checked.ok) throw fieldError("peppol_access_point.sender_id", `scheme:value, ${checked.message}`);
    senderId = `${checked.scheme}:${checked.value}`;
  }
  return {
    peppolAccessPointUrl: ap.url,
    peppolAccessPointTokenEnc: await encryptSecret(env.PII_ENCRYPTION_KEY, ap.token),
    peppolSenderId: senderId,
  };
}

/**
 * PATCH settings. The vacation year cannot change once a salary run has booked vacation: each run's
 * balance carries on from the last one in its own kind of year, so a switch would restart the days and
 * the liability mid-stream (a change of agreement is a transition to do by hand, not a setting flip).
 */
export const updateSettings = (vacationBookedBy: VacationBooked): Command<SettingsPatchInput> =>
  async function updateSettings(db, input, ctx, env) {
    const { companies: company, company_settings: settings } = await loadCompany(db, ctx.companyId);
    if (input.vacation_year !== undefined && input.vacation_year !== settings.vacationYear) {
      const runId = await vacationBookedBy(db, ctx.companyId);
      if (runId)
        throw new ApiError(
          "CONFLICT",
          { field: "vacation_year", current: settings.vacationYear, salary_run_id: runId },
          "The vacation year cannot change after a salary run has booked vacation: the balances carry on in the current kind of year.",
        );
    }
    const vatRegistered = input.vat_registered ?? company.vatRegistered;
    const momsPeriod = input.moms_period !== undefined ? input.moms_period : company.momsPeriod;
    checkVatRegistration(vatRegistered, momsPeriod, company.orgNumber);
    const settingsPatch = {
      ...settingsColumns(input),
      ...(input.peppol_access_point !== undefined && (await accessPointColumns(env, input.peppol_access_point))),
      updatedAt: ctx.now,
    };
    const companyPatch = { vatRegistered, momsPeriod, fSkatt: input.f_skatt ?? company.fSkatt, updatedAt: ctx.now };
    const nextSettings = { ...settings, ...settingsPatch };
    const nextCompany = { ...company, ...companyPatch };
    return {
      status: 200,
      data: settingsJson(nextSettings, nextCompany),
      statements: [
        db.update(companySettings).set(settingsPatch).where(eq(companySettings.companyId, ctx.companyId)),
        db.update(companies).set(companyPatch).where(eq(companies.id, ctx.companyId)),
      ],
      audit: { action: "company.settings_updated", resourceType: "company", resourceId: ctx.companyId },
    };
  };

/** Invoice terms a new customer gets unless it names its own (null: no company row). */
export async function invoiceDefaultDays(db: Database, companyId: string): Promise<number | null> {
  const s = await db
    .select({ d: companySettings.invoiceDefaultDays })
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId))
    .get();
  return s?.d ?? null;
}

/** What a report's heading names: the company and its organisation number. */
export async function companyHeading(
  db: Database,
  companyId: string,
): Promise<{ name: string; orgNumber: string | null; entityType: string }> {
  const row = await db
    .select({ name: companies.name, orgNumber: companies.orgNumber, entityType: companies.entityType })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
  if (!row) throw new ApiError("NOT_FOUND", { resource: "company", id: companyId });
  return row;
}

/** Every company the user belongs to: the writers that may hold the user's keys (src/http/access.ts). */
export async function companyIdsOfUser(db: Database, userId: string): Promise<string[]> {
  return (
    await db.select({ id: memberships.companyId }).from(memberships).where(eq(memberships.userId, userId)).all()
  ).map((r) => r.id);
}

/**
 * Archives a sandbox company (a sandbox reset replaces it, src/domains/sandbox): a write
 * outside a command, so the company's writer forgets the roles it holds (src/http/access.ts)
 * and answers 404 from then on. Only a sandbox company is ever archived here: false when the
 * company is not one (or is archived already), and nothing is written.
 */
export async function archiveSandboxCompany(env: Env, companyId: string, now: string): Promise<boolean> {
  const dir = directory(env);
  const archived = await dir
    .update(companies)
    .set({ archivedAt: now, updatedAt: now })
    .where(and(eq(companies.id, companyId), eq(companies.isSandbox, true), isNull(companies.archivedAt)))
    .returning({ id: companies.id });
  if (archived.length === 0) return false;
  // the directory's copy closes the gate; the home's row says the same of the books
  const home = await homeOf(dir, companyId);
  if (home)
    await drizzle(bindingOf(env, home))
      .update(companies)
      .set({ archivedAt: now, updatedAt: now })
      .where(eq(companies.id, companyId));
  const members = await dir
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.companyId, companyId))
    .all();
  await Promise.all(members.map((m) => forgetInWriter(env, companyId, { userId: m.userId, state: true })));
  return true;
}

/**
 * Copies the company's row from its home to the directory, inserted or replacing the copy
 * (the runner calls it after a batch that wrote the row). A copy that fails is logged and
 * made again by the next write of the row: the books are not behind it, only the company
 * list's name may be.
 */
export async function copyCompanyRowToDirectory(env: Env, home: Database, companyId: string): Promise<void> {
  const row = await home.select().from(companies).where(eq(companies.id, companyId)).get();
  if (!row) return;
  const { id: _id, ...rest } = row;
  try {
    await directory(env).insert(companies).values(row).onConflictDoUpdate({ target: companies.id, set: rest });
  } catch (err) {
    console.error("the directory's copy of the company row failed; the next write of it copies again", companyId, err);
  }
}

/**
 * The directory's entry of a company whose books were just created (docs/databases.md): its
 * home and the creator as its owner, in one batch. No writer holds anything of the new
 * company's members yet (a writer keeps only answers that let a member in), so none is told.
 */
export async function enterDirectory(env: Env, companyId: string, home: string, ownerId: string, now: string) {
  const dir = directory(env);
  await dir.batch([
    homeEntry(dir, companyId, home, now),
    dir.insert(memberships).values({ companyId, userId: ownerId, role: "owner", createdAt: now }),
  ]);
}
