// ROT/RUT claims (docs/rot-rut.md): Skatteverket's "Begäran om utbetalning" files built
// from paid invoices, stored in R2 with a row per file and per invoice, and the decision:
// the payout settles 1513, the refused part moves from 1513 back to the customer (1510);
// under the cash method the payout books its share of the sale (revenue and output VAT).
//
// Rule order of create: VALIDATION_ERROR (body) > NOT_FOUND (an invoice) >
// INVOICE_CREATE_ROT_RUT_VALIDATION (details.fields: no deduction, already claimed, not
// paid, a file rule) . Decision: NOT_FOUND > CONFLICT (already decided) >
// VALIDATION_ERROR (above the claim) > the ledger's rules.
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { Env } from "../../env";
import type { Command, PlannedWrite } from "../../commands/plan";
import { rotRutClaimInvoices, rotRutClaims } from "../../db/schema";
import { ApiError, fieldError } from "../../errors/api-error";
import { newId } from "../../ids";
import { assertPeriodOpen, type EngineLine } from "../../ledger/engine";
import { toOre } from "../../money";
import { RECEIVABLES_ACCOUNT } from "../../sweden/invoicing";
import {
  buildClaimXml,
  planClaimFiles,
  type ClaimCase,
  type ClaimFile,
  type DeductionType,
  type RuleViolation,
} from "../../sweden/rot-rut";
import {
  DEDUCTION_RECEIVABLE_ACCOUNT,
  invoiceForClaim,
  paidDeductionInvoiceIds,
  paidInvoiceForClaim,
  planDeductionDecided,
} from "../invoices";
import { loadCompany } from "../companies";
import {
  claimedPairs,
  claimInvoicesOf,
  claimJson,
  claimR2Key,
  loadClaim,
  type ClaimInvoiceRow,
  type ClaimRow,
} from "./queries";
import { type ClaimInvoice, claimCases } from "./rules";
import type { ClaimCreateInput, ClaimDecisionInput } from "./schemas";

const refuse = (violations: RuleViolation[]) =>
  new ApiError(
    "INVOICE_CREATE_ROT_RUT_VALIDATION",
    { fields: violations },
    violations.map((v) => v.message).join("; "),
  );

/** The invoices asked for (or those paid in the year with an unclaimed deduction), each with its paid deduction. */
async function loadClaimInvoices(
  db: Database,
  env: Env,
  companyId: string,
  input: ClaimCreateInput,
): Promise<{ invoices: ClaimInvoice[]; taken: Map<string, string> }> {
  const ids = input.invoice_ids
    ? [...new Set(input.invoice_ids)]
    : await paidDeductionInvoiceIds(db, companyId, input.year!, input.type!);
  if (!ids.length)
    throw refuse([
      { path: "year", message: `no paid, unclaimed ${input.type?.toUpperCase()} invoice was paid in ${input.year}` },
    ]);
  const taken = await claimedPairs(db, companyId, ids);
  const invoices: ClaimInvoice[] = [];
  for (const id of ids) {
    const path = input.invoice_ids ? `invoice_ids[${input.invoice_ids.indexOf(id)}]` : "year";
    const { row, lastPaymentDate } = await invoiceForClaim(db, companyId, id);
    const paid = await paidInvoiceForClaim(db, env, row, lastPaymentDate);
    invoices.push({ id, path, row, lastPaymentDate, paid });
  }
  return { invoices, taken };
}

/** A claim file's rows: the claim, and one row per invoice with its buyers and what it claims. */
function claimFileRows(file: ClaimFile, invoiceOfCase: Map<ClaimCase, string>, companyId: string, now: string) {
  const id = newId();
  const row: ClaimRow = {
    id,
    companyId,
    type: file.type,
    year: Number(file.cases[0].paymentDate.slice(0, 4)),
    name: file.name,
    status: "claimed",
    buyerCount: new Set(file.cases.map((c) => c.personnummer)).size,
    caseCount: file.cases.length,
    claimedOre: file.cases.reduce((s, c) => s + c.claimedOre, 0),
    approvedOre: null,
    r2Key: claimR2Key(companyId, id),
    decisionDate: null,
    settlementAccount: null,
    decisionJournalEntryId: null,
    createdAt: now,
    updatedAt: now,
  };
  const byInvoice = new Map<string, ClaimInvoiceRow>();
  for (const c of file.cases) {
    const invoiceId = invoiceOfCase.get(c)!;
    const r = byInvoice.get(invoiceId) ?? {
      id: newId(),
      companyId,
      claimId: id,
      invoiceId,
      invoiceNumber: c.invoiceNumber,
      type: file.type,
      paymentDate: c.paymentDate,
      buyerCount: 0,
      claimedOre: 0,
      rejectedOre: null,
    };
    r.buyerCount += 1;
    r.claimedOre += c.claimedOre;
    byInvoice.set(invoiceId, r);
  }
  return { row, invoiceRows: [...byInvoice.values()] };
}

/**
 * Builds the claim files for paid invoices: each invoice's cases per type
 * (claimCasesForPaidInvoice: the customer has paid their part; the claim within what was
 * paid and the rate of the payment date), split into files (planClaimFiles: one type and
 * payment year per file, at most 100 buyers), each written with buildClaimXml and
 * stored in R2 (the plan's files step) with its rows. An invoice's type is claimed once.
 */
export const createClaims: Command<ClaimCreateInput> = async (db, input, ctx, env) => {
  const types: DeductionType[] = input.type ? [input.type] : ["rot", "rut"];
  const { invoices, taken } = await loadClaimInvoices(db, env, ctx.companyId, input);
  const { violations, cases } = claimCases(invoices, types, taken);
  if (violations.length) throw refuse(violations);
  if (!cases.length) throw refuse([{ path: "invoice_ids", message: "nothing to claim" }]);
  const invoiceOfCase = new Map(cases.map((c) => [c.claim, c.invoiceId]));
  const statements: PlannedWrite[] = [];
  const fileSteps = [];
  const out = [];
  for (const file of planClaimFiles(cases)) {
    const xml = buildClaimXml(file);
    if (!xml.ok) throw refuse(xml.violations);
    const { row, invoiceRows } = claimFileRows(file, invoiceOfCase, ctx.companyId, ctx.now);
    statements.push(
      db.insert(rotRutClaims).values(row),
      ...invoiceRows.map((r) => db.insert(rotRutClaimInvoices).values(r)),
    );
    fileSteps.push({
      key: row.r2Key,
      body: xml.value,
      contentType: "application/xml",
      customMetadata: { company_id: ctx.companyId, claim_id: row.id },
    });
    out.push(claimJson(row, invoiceRows));
  }
  return {
    status: 201,
    data: out,
    statements,
    files: fileSteps,
    events: out.map((c) => ({ type: "rot_rut_claim.created", object: c })),
    audit: { action: "rot_rut_claim.created", resourceType: "rot_rut_claim", resourceId: out[0].id },
  };
};

/**
 * Skatteverket's decision on a claim, with its payout. The refused part is spread over
 * the claim's invoices in proportion to what each claimed (largest remainder): the
 * buyers owe it, and each invoice's remaining amount grows. paid when something was
 * approved, rejected when nothing was.
 * Accrual: Debit the settlement account the approved amount / Credit 1513; the refused
 * part Debit 1510 / Credit 1513.
 * Cash (kontantmetoden): nothing of the deduction is on the books yet, so the payout is
 * a payment of each invoice's sale: Debit the settlement account / Credit its share of
 * revenue and output VAT (invoices.planDeductionDecided); the refused part books nothing
 * (the customer's payment of it will); a decision that approves nothing posts no entry.
 */
export const decideClaim: Command<ClaimDecisionInput & { id: string }> = async (db, input, ctx) => {
  const claim = await loadClaim(db, ctx.companyId, input.id);
  if (claim.status !== "claimed")
    throw new ApiError(
      "CONFLICT",
      { id: claim.id, status: claim.status },
      "A decision is already recorded on this claim.",
    );
  const approvedOre = toOre(input.approved_amount)!;
  if (approvedOre > claim.claimedOre)
    throw fieldError("approved_amount", `above the claimed amount ${claim.claimedOre / 100}`);
  const rejectedOre = claim.claimedOre - approvedOre;
  const date = input.decision_date ?? ctx.now.slice(0, 10);
  const invoices = await claimInvoicesOf(db, [claim.id]);
  const method = (await loadCompany(db, ctx.companyId)).companies.accountingMethod;
  const text = `Skatteverket beslut ${claim.type === "rot" ? "rotavdrag" : "rutavdrag"} ${claim.name}`;
  const parts =
    rejectedOre > 0
      ? proportional(
          rejectedOre,
          invoices.map((i) => i.claimedOre),
        )
      : invoices.map(() => 0);
  const lines: EngineLine[] =
    method === "accrual" ? accrualDecisionLines(claim.name, approvedOre, rejectedOre, input.settlement_account) : [];
  const statements: PlannedWrite[] = [];
  for (const [k, inv] of invoices.entries()) {
    statements.push(
      db.update(rotRutClaimInvoices).set({ rejectedOre: parts[k] }).where(eq(rotRutClaimInvoices.id, inv.id)),
    );
    const decided = await planDeductionDecided(db, {
      companyId: ctx.companyId,
      invoiceId: inv.invoiceId,
      claimId: claim.id,
      paidOutOre: inv.claimedOre - parts[k],
      rejectedOre: parts[k],
      date,
      settlementAccount: input.settlement_account,
      method,
      now: ctx.now,
    });
    lines.push(...decided.lines);
    statements.push(...decided.statements);
  }
  // under the cash method a decision that pays nothing has nothing to book
  const entry = lines.length
    ? await ctx.ledger.post({ date, description: text, sourceType: "rot_rut_decision", sourceId: claim.id, lines })
    : null;
  if (entry) statements.unshift(entry.write);
  else assertPeriodOpen(await ctx.ledger.periodForDate(date));
  const patch = {
    status: approvedOre > 0 ? "paid" : "rejected",
    approvedOre,
    decisionDate: date,
    settlementAccount: input.settlement_account,
    decisionJournalEntryId: entry?.row.id ?? null,
    updatedAt: ctx.now,
  } as const;
  statements.push(db.update(rotRutClaims).set(patch).where(eq(rotRutClaims.id, claim.id)));
  const data = claimJson(
    { ...claim, ...patch },
    invoices.map((i, k) => ({ ...i, rejectedOre: parts[k] })),
  );
  return {
    status: 200,
    data,
    statements,
    events: [{ type: "rot_rut_claim.decided", object: data, previousAttributes: { status: claim.status } }],
    audit: {
      action: "rot_rut_claim.decided",
      resourceType: "rot_rut_claim",
      resourceId: claim.id,
      voucher: entry?.voucher ?? null,
    },
  };
};

/** Faktureringsmetoden: the payout settles 1513; the refused part moves from 1513 to the customer (1510). */
function accrualDecisionLines(
  claimName: string,
  approvedOre: number,
  rejectedOre: number,
  settlementAccount: string,
): EngineLine[] {
  const line = (accountNumber: string, debitOre: number, creditOre: number, lineDescription: string) => ({
    accountNumber,
    debitOre,
    creditOre,
    lineDescription,
  });
  return [
    ...(approvedOre > 0
      ? [
          line(settlementAccount, approvedOre, 0, `Utbetalning ${claimName}`),
          line(DEDUCTION_RECEIVABLE_ACCOUNT, 0, approvedOre, `Utbetalning ${claimName}`),
        ]
      : []),
    ...(rejectedOre > 0
      ? [
          line(RECEIVABLES_ACCOUNT, rejectedOre, 0, `Avslag ${claimName}: köparen betalar`),
          line(DEDUCTION_RECEIVABLE_ACCOUNT, 0, rejectedOre, `Avslag ${claimName}`),
        ]
      : []),
  ];
}

/** Largest-remainder split of `total` in proportion to `weights` (positive integers): the parts add up to the total. */
function proportional(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const raw = weights.map((w) => (total * w) / sum);
  const parts = raw.map(Math.floor);
  let rest = total - parts.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => ({ i, f: r - Math.floor(r) })).sort((a, b) => b.f - a.f || a.i - b.i);
  for (const { i } of order) {
    if (rest-- <= 0) break;
    parts[i] += 1;
  }
  return parts;
}
