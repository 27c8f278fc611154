// Skatteverket's decision on a ROT/RUT claim, as it touches one invoice (docs/rot-rut.md,
// "The cash method"): the decision is recorded per invoice (invoice_deduction_decisions),
// the refused part goes back to the customer (planDeductionRejected), and under the cash
// method (kontantmetoden) the payout is a payment of the sale that books its share of
// revenue and output VAT. Under bokslutsmetoden VAT is reported when payment is received
// (Skatteverket, Rättslig vägledning, "Bokslutsmetoden innebär att mervärdesskatt normalt
// ska redovisas vid betalning"), and the part of the price Skatteverket pays is received
// when it pays it; so nothing of that part is on the books before the payout, except at
// the year's end (./year-end.ts).
import type { Statement } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { invoiceDeductionDecisions } from "../../../db/schema";
import { newId } from "../../../ids";
import type { EngineLine } from "../../../ledger/engine";
import { saleSettledInCash } from "../../../ledger/posting-rules";
import { type AccountingMethod, cashPaymentAfterYearEnd } from "../../../ledger/settlement";
import { DEDUCTION_RECEIVABLE_ACCOUNT, deductionPaidOutOre, invoiceForClaim, planDeductionRejected } from "./commands";
import { receivableBookedAtYearEnd } from "../payments/year-end-share";
import { creditNotesOf, itemsOfInvoice, paymentsOfInvoice } from "../queries";
import { saleAfterCredits } from "../credits/commands";

export interface InvoiceDecision {
  companyId: string;
  invoiceId: string;
  claimId: string;
  /** what Skatteverket paid of this invoice's claim */
  paidOutOre: number;
  /** what it refused: the customer owes it */
  rejectedOre: number;
  date: string;
  settlementAccount: string;
  method: AccountingMethod;
  now: string;
}

/**
 * The decision's effect on one invoice: the statements (the decision row, the refused
 * part raised on the customer) and, under the cash method, the payout's lines: Debit the
 * settlement account / Credit revenue and output VAT, the share of the sale (after credit
 * notes) between what the customer's payments and the earlier payouts booked and that
 * plus this payout. Under accrual the claim books the payout on 1513 itself: no lines here.
 */
export async function planDeductionDecided(
  db: Database,
  d: InvoiceDecision,
): Promise<{ lines: EngineLine[]; statements: Statement[] }> {
  const lines = d.method === "cash" && d.paidOutOre > 0 ? await cashPayoutLines(db, d) : [];
  return {
    lines,
    statements: [
      db.insert(invoiceDeductionDecisions).values({
        id: newId(),
        companyId: d.companyId,
        invoiceId: d.invoiceId,
        claimId: d.claimId,
        decisionDate: d.date,
        paidOutOre: d.paidOutOre,
        rejectedOre: d.rejectedOre,
        createdAt: d.now,
      }),
      ...(await planDeductionRejected(db, d.companyId, d.invoiceId, d.rejectedOre, d.now)),
    ],
  };
}

/**
 * Kontantmetoden: the payout is booked as a payment of the sale. The cumulative SEK
 * before it is what the customer paid plus the earlier payouts (a ROT and a RUT claim on
 * one invoice pay separately), so each part of the sale is booked once, whichever pays first.
 */
async function cashPayoutLines(db: Database, d: InvoiceDecision): Promise<EngineLine[]> {
  const { row } = await invoiceForClaim(db, d.companyId, d.invoiceId);
  const sale = saleAfterCredits(row, await itemsOfInvoice(db, row.id), await creditNotesOf(db, d.companyId, row.id));
  const customerPaidSek = (await paymentsOfInvoice(db, row.id)).reduce((s, p) => s + p.amountSekOre, 0);
  const beforeSek = customerPaidSek + (await deductionPaidOutOre(db, row.id));
  const text = `Skattereduktion ${sale.text}`.slice(0, 200);
  // bokslutsmetoden: a payout after the invoice's year settles what that year's entry booked on 1513
  return cashPaymentAfterYearEnd(
    { beforeSek, afterSek: beforeSek + d.paidOutOre },
    await receivableBookedAtYearEnd(db, d.companyId, row, d.date),
    0,
    (sek) => [
      { accountNumber: d.settlementAccount, debitOre: sek, creditOre: 0, lineDescription: text },
      { accountNumber: DEDUCTION_RECEIVABLE_ACCOUNT, debitOre: 0, creditOre: sek, lineDescription: text },
    ],
    (_fx, part) => saleSettledInCash({ ...sale, text }, d.settlementAccount, 0, part),
  );
}
