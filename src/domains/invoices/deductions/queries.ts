// An invoice's ROT/RUT deduction as the API shows it (expand=deduction, the invoice's
// own answer), read from its rows; apart from the rules in deduction.ts, which read the
// invoice's queries, so that the queries can show deductions without a circle.
import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { invoiceDeductionBuyers, invoiceDeductions } from "../../../db/schema";
import { fromOre } from "../../../money";

export type DeductionRow = typeof invoiceDeductions.$inferSelect;
export type DeductionBuyerRow = typeof invoiceDeductionBuyers.$inferSelect;

export type DeductionJson = ReturnType<typeof deductionJson>;

/** The deduction as the API shows it: personnummer masked. */
export function deductionJson(d: DeductionRow, buyers: DeductionBuyerRow[], capped?: boolean[]) {
  return {
    rate_rot: d.rateRotBp / 10_000,
    rate_rut: d.rateRutBp / 10_000,
    labour_rot: fromOre(d.labourRotOre),
    labour_rut: fromOre(d.labourRutOre),
    deduction_rot: fromOre(d.deductionRotOre),
    deduction_rut: fromOre(d.deductionRutOre),
    reversed: fromOre(buyers.reduce((s, b) => s + b.reversedRotOre + b.reversedRutOre, 0)),
    rejected: fromOre(d.rejectedOre),
    housing_designation: d.housingDesignation,
    apartment_number: d.apartmentNumber,
    brf_org_number: d.brfOrgNumber,
    buyers: buyers.map((b, k) => ({
      personnummer: b.personnummerMasked,
      share: b.shareBp / 10_000,
      labour_rot: fromOre(b.labourRotOre),
      labour_rut: fromOre(b.labourRutOre),
      deduction_rot: fromOre(b.deductionRotOre - b.reversedRotOre),
      deduction_rut: fromOre(b.deductionRutOre - b.reversedRutOre),
      ...(capped ? { capped: capped[k] } : {}),
    })),
  };
}

export async function loadDeduction(
  db: Database,
  invoiceId: string,
): Promise<{ row: DeductionRow; buyers: DeductionBuyerRow[] } | null> {
  const row = await db.select().from(invoiceDeductions).where(eq(invoiceDeductions.invoiceId, invoiceId)).get();
  if (!row) return null;
  const buyers = await db
    .select()
    .from(invoiceDeductionBuyers)
    .where(eq(invoiceDeductionBuyers.invoiceId, invoiceId))
    .orderBy(asc(invoiceDeductionBuyers.sortOrder))
    .all();
  return { row, buyers };
}

/** The deductions of several invoices as JSON, by invoice id (expand=deduction). */
export async function deductionsJsonOf(db: Database, invoiceIds: string[]): Promise<Map<string, DeductionJson>> {
  if (!invoiceIds.length) return new Map();
  const rows = await db.select().from(invoiceDeductions).where(inArray(invoiceDeductions.invoiceId, invoiceIds)).all();
  const buyers = rows.length
    ? await db
        .select()
        .from(invoiceDeductionBuyers)
        .where(
          inArray(
            invoiceDeductionBuyers.invoiceId,
            rows.map((r) => r.invoiceId),
          ),
        )
        .orderBy(asc(invoiceDeductionBuyers.sortOrder))
        .all()
    : [];
  return new Map(
    rows.map((r) => [
      r.invoiceId,
      deductionJson(
        r,
        buyers.filter((b) => b.invoiceId === r.invoiceId),
      ),
    ]),
  );
}
