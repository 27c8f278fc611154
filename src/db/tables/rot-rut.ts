import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** One per invoice with a deduction: the figures of computeDeduction, and what credit notes and rejections took back. */
export const invoiceDeductions = sqliteTable(
  "invoice_deductions",
  {
    invoiceId: text("invoice_id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** the calendar year whose caps the deduction counts against (the invoice date's) */
    year: integer("year").notNull(),
    rateRotBp: integer("rate_rot_bp").notNull(),
    rateRutBp: integer("rate_rut_bp").notNull(),
    labourRotOre: integer("labour_rot_ore").notNull(),
    labourRutOre: integer("labour_rut_ore").notNull(),
    deductionRotOre: integer("deduction_rot_ore").notNull(),
    deductionRutOre: integer("deduction_rut_ore").notNull(),
    /** labour incl. VAT credited by credit notes so far, per type */
    creditedLabourRotOre: integer("credited_labour_rot_ore").notNull().default(0),
    creditedLabourRutOre: integer("credited_labour_rut_ore").notNull().default(0),
    /** the part of the deduction Skatteverket refused: the customer owes it again */
    rejectedOre: integer("rejected_ore").notNull().default(0),
    /** WorkSummary[] of computeDeduction */
    work: text("work", { mode: "json" })
      .$type<
        {
          code: string;
          type: "rot" | "rut";
          hoursHundredths: number;
          priceOre: number;
          labourOre: number;
          materialOre: number;
        }[]
      >()
      .notNull(),
    otherCostOre: integer("other_cost_ore").notNull(),
    housingDesignation: text("housing_designation"),
    apartmentNumber: text("apartment_number"),
    /** 12 digits, 16 + the organisation number */
    brfOrgNumber: text("brf_org_number"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("invoice_deductions_company_year_idx").on(t.companyId, t.year)],
);

/** The buyers of an invoice's deduction, one row each. */
export const invoiceDeductionBuyers = sqliteTable(
  "invoice_deduction_buyers",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    invoiceId: text("invoice_id").notNull(),
    year: integer("year").notNull(),
    sortOrder: integer("sort_order").notNull(),
    /** the 12-digit personnummer, AES-GCM encrypted (secrets.ts) */
    personnummerEnc: text("personnummer_enc").notNull(),
    /** ********-NNNN */
    personnummerMasked: text("personnummer_masked").notNull(),
    shareBp: integer("share_bp").notNull(),
    labourRotOre: integer("labour_rot_ore").notNull(),
    labourRutOre: integer("labour_rut_ore").notNull(),
    deductionRotOre: integer("deduction_rot_ore").notNull(),
    deductionRutOre: integer("deduction_rut_ore").notNull(),
    /** taken back by credit notes (creditDeduction) */
    reversedRotOre: integer("reversed_rot_ore").notNull().default(0),
    reversedRutOre: integer("reversed_rut_ore").notNull().default(0),
  },
  (t) => [
    index("invoice_deduction_buyers_invoice_idx").on(t.invoiceId, t.sortOrder),
    index("invoice_deduction_buyers_company_year_idx").on(t.companyId, t.year),
  ],
);

/**
 * Skatteverket's decisions on an invoice's deduction, one row per claim decision
 * (docs/rot-rut.md): what it paid out and what it refused of this invoice. Under the
 * cash method (kontantmetoden) a payout is a payment of the sale: it books its share of
 * revenue and output VAT, and the customer's later payments and the year-end's unpaid
 * receivables count what the decisions dated up to then paid and refused. Kept under the
 * accrual method too, for the record.
 */
export const invoiceDeductionDecisions = sqliteTable(
  "invoice_deduction_decisions",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    invoiceId: text("invoice_id").notNull(),
    /** the rot_rut_claims row decided */
    claimId: text("claim_id").notNull(),
    /** the decision's date: the day the payout is booked */
    decisionDate: text("decision_date").notNull(),
    paidOutOre: integer("paid_out_ore").notNull(),
    rejectedOre: integer("rejected_ore").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("invoice_deduction_decisions_invoice_idx").on(t.invoiceId, t.decisionDate)],
);

/** A claim file sent to Skatteverket ("Begäran om utbetalning"), one type and payment year. */
export const rotRutClaims = sqliteTable(
  "rot_rut_claims",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    type: text("type", { enum: ["rot", "rut"] }).notNull(),
    year: integer("year").notNull(),
    /** NamnPaBegaran */
    name: text("name").notNull(),
    status: text("status", { enum: ["claimed", "decided", "paid", "rejected"] }).notNull(),
    buyerCount: integer("buyer_count").notNull(),
    caseCount: integer("case_count").notNull(),
    claimedOre: integer("claimed_ore").notNull(),
    approvedOre: integer("approved_ore"),
    r2Key: text("r2_key").notNull(),
    decisionDate: text("decision_date"),
    settlementAccount: text("settlement_account"),
    decisionJournalEntryId: text("decision_journal_entry_id"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("rot_rut_claims_company_created_idx").on(t.companyId, t.createdAt, t.id)],
);

/** The invoices of a claim: an invoice is claimed once per type. */
export const rotRutClaimInvoices = sqliteTable(
  "rot_rut_claim_invoices",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    claimId: text("claim_id").notNull(),
    invoiceId: text("invoice_id").notNull(),
    invoiceNumber: text("invoice_number").notNull(),
    type: text("type", { enum: ["rot", "rut"] }).notNull(),
    paymentDate: text("payment_date").notNull(),
    buyerCount: integer("buyer_count").notNull(),
    claimedOre: integer("claimed_ore").notNull(),
    /** set by the decision: the part of this invoice's claim Skatteverket refused */
    rejectedOre: integer("rejected_ore"),
  },
  (t) => [
    uniqueIndex("rot_rut_claim_invoices_once_idx").on(t.companyId, t.invoiceId, t.type),
    index("rot_rut_claim_invoices_claim_idx").on(t.claimId),
  ],
);
