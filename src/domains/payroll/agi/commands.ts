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
import type { Command, Statement } from "../../../commands/plan";
import { insertFromJson } from "../../../db/json-insert";
import { agiDeclarations, agiSpecificationNumbers } from "../../../db/schema";
import type { Env } from "../../../env";
import { ApiError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { decryptSecret, encryptSecret } from "../../../secrets";
import { type AgiEmployeeMonth, agiXml, employerIdentity } from "../../../sweden/payroll";
import { loadCompany, payrollContactOf } from "../../companies";
import { employeesByIds } from "../employees/queries";
import { lineItemsOfRun, loadRun, runEmployees } from "../runs/queries";
import { contributionPartsOf, declaredContributionsOfRun, effectiveTaxOre } from "../runs/rules";
import { agiJson, agiOfRun, agiReplay, loadAgi, storedAgiXml } from "./queries";
import type { AgiGenerateInput, AgiPatchInput } from "./schemas";
import type { AgiRow } from "../rows";

export const AGI_PROGRAM_NAME = "bokforing-api";

/** "2026-04-25T08:01:02.123Z" → "2026-04-25T08:01:02" (Skapad, UTC). */
const skapad = (iso: string) => iso.slice(0, 19);

export const generateAgi: Command<AgiGenerateInput & { id: string }> = async (db, input, ctx, env: Env) => {
  const run = await loadRun(db, ctx.companyId, input.id);
  if (run.status !== "booked")
    throw new ApiError(
      "CONFLICT",
      { status: run.status, required_status: "booked" },
      `The AGI is generated from a booked salary run; this run is ${run.status}.`,
    );
  const existing = await agiOfRun(db, ctx.companyId, run.id);
  if (existing?.submissionReference) {
    throw new ApiError(
      "CONFLICT",
      { agi_id: existing.id, submission_reference: existing.submissionReference },
      "The AGI of this run has been submitted (a submission reference is recorded); it is not generated again.",
    );
  }
  const { companies: company, company_settings: settings } = await loadCompany(db, ctx.companyId);
  if (!company.orgNumber)
    throw new ApiError(
      "CONFLICT",
      { company: "org_number_missing" },
      "The company has no organisation number; the AGI needs the employer's identity.",
    );
  // Kontaktperson: the request's, else the company's settings; the file cannot go without one.
  const contact = input.contact ?? payrollContactOf(settings);
  if (!contact)
    throw new ApiError(
      "AGI_CONTACT_MISSING",
      { body: "contact", settings: "payroll_contact" },
      "The AGI needs a contact person: set the company's settings.payroll_contact or send contact in the body.",
    );
  const employerId = employerIdentity(company.orgNumber, company.entityType === "enskild_firma", run.periodYear);

  const members = await runEmployees(db, run.id);
  const people = await employeesByIds(
    db,
    ctx.companyId,
    members.map((m) => m.employeeId),
  );
  const items = await lineItemsOfRun(db, run.id);
  const status = (m: (typeof members)[number]) =>
    (m.breakdown?.f_skatt_status as string | undefined) ?? people.get(m.employeeId)!.fSkattStatus;
  // A holder of F-skatt is not declared (no tax withheld, not a contribution basis).
  const declared = members
    .filter((m) => status(m) !== "f_skatt")
    .sort((a, b) => {
      const x = people.get(a.employeeId)!;
      const y = people.get(b.employeeId)!;
      return (
        x.lastName.localeCompare(y.lastName, "sv") ||
        x.firstName.localeCompare(y.firstName, "sv") ||
        x.id.localeCompare(y.id)
      );
    });

  // Specification numbers: kept per employee; a newcomer gets the next free number.
  const known = await db
    .select()
    .from(agiSpecificationNumbers)
    .where(eq(agiSpecificationNumbers.companyId, ctx.companyId))
    .all();
  const numberOf = new Map(known.map((k) => [k.employeeId, k.number]));
  let next = known.reduce((max, k) => Math.max(max, k.number), 0);
  const newNumbers: (typeof agiSpecificationNumbers.$inferInsert)[] = [];
  for (const m of declared) {
    if (numberOf.has(m.employeeId)) continue;
    next += 1;
    numberOf.set(m.employeeId, next);
    newNumbers.push({ companyId: ctx.companyId, employeeId: m.employeeId, number: next, createdAt: ctx.now });
  }

  const problems: { employee_id: string; name: string; fields: string[] }[] = [];
  const months: AgiEmployeeMonth[] = [];
  for (const m of declared) {
    const e = people.get(m.employeeId)!;
    const own = items.filter((i) => i.salaryRunEmployeeId === m.id);
    const sum = (...types: string[]) =>
      own.filter((i) => types.includes(i.itemType)).reduce((s, i) => s + i.amountOre, 0);
    const parts = contributionPartsOf(m.breakdown);
    const payeeId = await decryptSecret(env.PII_ENCRYPTION_KEY, e.personnummerEnc);
    if (payeeId === null)
      throw new ApiError(
        "INTERNAL_ERROR",
        { employee_id: e.id },
        "The stored personnummer cannot be decrypted with the configured key.",
      );
    const month: AgiEmployeeMonth = {
      payeeId,
      specificationNumber: numberOf.get(m.employeeId)!,
      contributionLiable: !(parts.length > 0 && parts.every((p) => p.rate === "exempt")),
      sink: status(m) === "sink",
      cashPayOre: m.grossOre,
      carBenefitOre: sum("car_benefit"),
      mealBenefitOre: sum("meal_benefit"),
      otherBenefitsOre: sum("housing_benefit", "other_benefit"),
      taxOre: effectiveTaxOre(m),
      mileageAllowance: own.some((i) => i.itemType === "mileage_allowance"),
      perDiem: own.some((i) => i.itemType === "per_diem"),
    };
    const negative = (["cashPayOre", "carBenefitOre", "mealBenefitOre", "otherBenefitsOre", "taxOre"] as const).filter(
      (k) => month[k] < 0,
    );
    if (negative.length)
      problems.push({
        employee_id: e.id,
        name: `${e.firstName} ${e.lastName}`,
        fields: negative.map((k) => k.replace(/Ore$/, "").replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)),
      });
    months.push(month);
  }
  if (problems.length)
    throw new ApiError(
      "CONFLICT",
      { employees: problems },
      "An AGI field cannot be negative; correct the run before declaring it.",
    );

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
