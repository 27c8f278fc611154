// The arbetsgivardeklaration (AGI) of a booked salary run: generate (stored, returned, replaced
// until a submission reference is recorded), record the submission reference, read it back.
// The service never submits the file to Skatteverket. The XML is built by the pure rules of
// src/sweden/payroll/agi.ts; this file gathers the run's figures and the stable specification
// numbers (fältkod 570: one per employee, kept in agi_specification_numbers).
//
// Refusals: the run not booked: 409 CONFLICT (details.status, required_status: booked); the
// company without an organisation number, or an amount that cannot be declared (negative cash
// pay, benefits or tax): 409 CONFLICT with details; no contact person in the body nor in the
// company's settings.payroll_contact: 400 AGI_CONTACT_MISSING; regenerating after a submission reference:
// 409 CONFLICT (details.submission_reference). PATCH .../agi before generation: 404 NOT_FOUND.
import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import type { Command, Statement } from "../../../commands/plan";
import { insertFromJson } from "../../../db/json-insert";
import { agiDeclarations, agiSpecificationNumbers } from "../../../db/schema";
import type { Env } from "../../../env";
import { ApiError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { decryptSecret, encryptSecret } from "../../../secrets";
import { agiXml, employerIdentity } from "../../../sweden/payroll";
import { loadCompany, payrollContactOf } from "../../companies";
import { employeesByIds } from "../employees/queries";
import { lineItemsOfRun, loadRun, runEmployees } from "../runs/queries";
import { declaredContributionsOfRun } from "../runs/rules";
import { agiJson, agiOfRun, agiReplay, loadAgi, storedAgiXml } from "./queries";
import { agiContactOrRefusal, agiEmployeeMonths, declaredMembers, specificationNumbers } from "./rules";
import type { AgiGenerateInput, AgiPatchInput } from "./schemas";
import type { AgiRow, EmployeeRow } from "../rows";

export const AGI_PROGRAM_NAME = "bokforing-api";

/** "2026-04-25T08:01:02.123Z" → "2026-04-25T08:01:02" (Skapad, UTC). */
const skapad = (iso: string) => iso.slice(0, 19);

/** The declared employees' personnummer in plaintext (stored encrypted): the file names each payee. */
async function payeeIdsOf(env: Env, people: EmployeeRow[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const e of people) {
    const payeeId = await decryptSecret(env.PII_ENCRYPTION_KEY, e.personnummerEnc);
    if (payeeId === null)
      throw new ApiError(
        "INTERNAL_ERROR",
        { employee_id: e.id },
        "The stored personnummer cannot be decrypted with the configured key.",
      );
    out.set(e.id, payeeId);
  }
  return out;
}

/** What the AGI of a booked run declares: its employees, their line items and specification numbers. */
async function agiReads(db: Database, env: Env, companyId: string, runId: string) {
  const members = await runEmployees(db, runId);
  const people = await employeesByIds(
    db,
    companyId,
    members.map((m) => m.employeeId),
  );
  const items = await lineItemsOfRun(db, runId);
  const known = await db
    .select()
    .from(agiSpecificationNumbers)
    .where(eq(agiSpecificationNumbers.companyId, companyId))
    .all();
  const declared = declaredMembers(members, people);
  const payeeIds = await payeeIdsOf(
    env,
    declared.map((m) => people.get(m.employeeId)!),
  );
  return { people, items, known, declared, payeeIds };
}

export const generateAgi: Command<AgiGenerateInput & { id: string }> = async (db, input, ctx, env: Env) => {
  const run = await loadRun(db, ctx.companyId, input.id);
  const existing = await agiOfRun(db, ctx.companyId, run.id);
  const { companies: company, company_settings: settings } = await loadCompany(db, ctx.companyId);
  const contact = agiContactOrRefusal(run, existing, company.orgNumber, input.contact ?? payrollContactOf(settings));
  const employerId = employerIdentity(company.orgNumber!, company.entityType === "enskild_firma", run.periodYear);
  const { people, items, known, declared, payeeIds } = await agiReads(db, env, ctx.companyId, run.id);
  const { numberOf, added } = specificationNumbers(known, declared);
  const months = agiEmployeeMonths(declared, people, items, payeeIds, numberOf);
  const newNumbers = added.map((n) => ({ companyId: ctx.companyId, ...n, createdAt: ctx.now }));

  // the same figure book credited to 2731 (declaredContributionsOfRun)
  const contributions = declaredContributionsOfRun(declared);
  const period = `${run.periodYear}${String(run.periodMonth).padStart(2, "0")}`;
  const technical = input.technical_contact ?? contact;
  const { xml, totals } = agiXml({
    employerId,
    period,
    programName: AGI_PROGRAM_NAME,
    createdAt: skapad(ctx.now),
    technicalContact: { name: technical.name, phone: technical.phone, email: technical.email },
    contact: { name: contact.name, phone: contact.phone, email: contact.email },
    employees: months,
    totalContributionsKronor: contributions.totalKronor,
  });

  const row: AgiRow = {
    id: existing?.id ?? newId(),
    companyId: ctx.companyId,
    salaryRunId: run.id,
    periodYear: run.periodYear,
    periodMonth: run.periodMonth,
    xml: await encryptSecret(env.PII_ENCRYPTION_KEY, xml),
    totalCashPay: totals.cashPayKronor,
    totalBenefits: totals.benefitsKronor,
    totalTax: totals.taxKronor,
    totalContributions: totals.contributionsKronor,
    contributionsByRate: contributions.byRate.map((r) => ({
      percent: r.percent,
      basis: r.basisKronor,
      contribution: r.contributionKronor,
    })),
    employeeCount: totals.employeeCount,
    generatedAt: ctx.now,
    generatedBy: ctx.userId,
    submissionReference: null,
    submissionRecordedAt: null,
    createdAt: existing?.createdAt ?? ctx.now,
    updatedAt: ctx.now,
  };
  const statements: Statement[] = [];
  if (newNumbers.length) statements.push(...insertFromJson(db, agiSpecificationNumbers, newNumbers));
  statements.push(
    existing
      ? db.update(agiDeclarations).set(row).where(eq(agiDeclarations.id, existing.id))
      : db.insert(agiDeclarations).values(row),
  );
  return {
    status: existing ? 200 : 201,
    data: agiJson(row, xml),
    replayData: agiReplay(row),
    statements,
    events: [{ type: "agi.generated", object: agiJson(row, null) }],
    audit: { action: "agi.generated", resourceType: "salary_run", resourceId: run.id },
  };
};

export const recordAgiSubmission: Command<AgiPatchInput & { id: string }> = async (db, input, ctx, env) => {
  const run = await loadRun(db, ctx.companyId, input.id);
  const agi = await loadAgi(db, ctx.companyId, run.id);
  const patch = { submissionReference: input.submission_reference, submissionRecordedAt: ctx.now, updatedAt: ctx.now };
  return {
    status: 200,
    data: agiJson({ ...agi, ...patch }, await storedAgiXml(env, agi)),
    replayData: agiReplay({ ...agi, ...patch }),
    statements: [db.update(agiDeclarations).set(patch).where(eq(agiDeclarations.id, agi.id))],
    audit: { action: "agi.submission_recorded", resourceType: "salary_run", resourceId: run.id },
  };
};
