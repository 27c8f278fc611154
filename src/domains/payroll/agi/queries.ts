// Reads of the stored AGI and its JSON shape.
import { and, asc, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { agiDeclarations, salaryRuns } from "../../../db/schema";
import type { Env } from "../../../env";
import { ApiError } from "../../../errors/api-error";
import { decryptSecret } from "../../../secrets";
import type { AgiRow } from "../rows";

/**
 * The AGI as the API shows it. `xml` is the plaintext file (it names every employee by
 * personnummer): the stored row holds it encrypted (storedAgiXml), so a caller passes the
 * decrypted text, or null where the answer is kept (an idempotent replay, an event).
 */
export function agiJson(r: AgiRow, xml: string | null) {
  return {
    agi_id: r.id,
    salary_run_id: r.salaryRunId,
    period: { year: r.periodYear, month: r.periodMonth },
    total_brutto: r.totalCashPay,
    total_benefits: r.totalBenefits,
    total_tax: r.totalTax,
    total_avgifter: r.totalContributions,
    contributions_by_rate: r.contributionsByRate,
    employee_count: r.employeeCount,
    generated_at: r.generatedAt,
    generated_by: r.generatedBy,
    submission_reference: r.submissionReference,
    submission_recorded_at: r.submissionRecordedAt,
    ...(xml !== null ? { agi_xml: xml, xml } : {}),
  };
}

export async function agiOfRun(db: Database, companyId: string, runId: string): Promise<AgiRow | undefined> {
  return db
    .select()
    .from(agiDeclarations)
    .where(and(eq(agiDeclarations.companyId, companyId), eq(agiDeclarations.salaryRunId, runId)))
    .get();
}

export async function loadAgi(db: Database, companyId: string, runId: string): Promise<AgiRow> {
  const row = await agiOfRun(db, companyId, runId);
  if (!row)
    throw new ApiError(
      "NOT_FOUND",
      { resource: "agi", salary_run_id: runId },
      "No AGI has been generated for this salary run.",
    );
  return row;
}

/**
 * The AGI's XML in plaintext. Stored encrypted (AES-GCM, src/secrets.ts) since issue #34;
 * a row generated before holds the plaintext file, which is read as it is (it starts with
 * "<") until the AGI is generated again.
 */
export async function storedAgiXml(env: Env, r: AgiRow): Promise<string> {
  if (r.xml.startsWith("<")) return r.xml;
  const xml = await decryptSecret(env.PII_ENCRYPTION_KEY, r.xml);
  if (xml === null)
    throw new ApiError(
      "INTERNAL_ERROR",
      { agi_id: r.id },
      "The stored AGI file cannot be decrypted with the configured key.",
    );
  return xml;
}

/**
 * What an idempotent replay of an AGI write returns: the AGI without its file, which names
 * every employee by personnummer and is never kept in an idempotency record. The file is
 * read again with GET .../salary-runs/{id}/agi.
 */
export function agiReplay(r: AgiRow) {
  return { ...agiJson(r, null), agi_xml: null, xml: null, xml_omitted: "replay" as const };
}

/**
 * The month's close (month-close): salary runs paid from..to (approved, paid or booked) whose AGI
 * (arbetsgivardeklaration på individnivå) has not been generated, oldest first.
 */
export async function runsWithoutAgi(db: Database, companyId: string, from: string, to: string) {
  const r = salaryRuns;
  return db
    .select({ id: r.id, paymentDate: r.paymentDate, year: r.periodYear, month: r.periodMonth })
    .from(r)
    .leftJoin(agiDeclarations, and(eq(agiDeclarations.companyId, companyId), eq(agiDeclarations.salaryRunId, r.id)))
    .where(
      and(
        eq(r.companyId, companyId),
        inArray(r.status, ["approved", "paid", "booked"]),
        gte(r.paymentDate, from),
        lte(r.paymentDate, to),
        isNull(agiDeclarations.id),
      ),
    )
    .orderBy(asc(r.paymentDate))
    .all();
}
