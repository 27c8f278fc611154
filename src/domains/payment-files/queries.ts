// The supplier payment file: one pain.001.001.03 batch (category purpose SUPP) from the company's
// account, one credit transfer per selected supplier invoice.
//
// Rules (checked for every item; all problems in one 409 CONFLICT with details.invoices[]
// {index, supplier_invoice_id, problem}):
// - the invoice exists (not_found), is approved and open: approved, partially_paid or overdue with
//   an approval (not_approved), is not a credit note (credit_note), has something left to pay
//   (nothing_remaining), and the amount is at most what remains (amount_above_remaining);
// - the creditor account: the one given, else the supplier's Bankgiro, else Plusgiro, else IBAN for
//   SEK; for another currency the IBAN only (no_creditor_account); Bankgiro, Plusgiro and a Swedish
//   bank account take SEK only (account_needs_sek);
// - the reference: the invoice's payment_reference as a structured OCR reference (SCOR) when it
//   passes the modulus-10 check and the account is a Bankgiro or Plusgiro; otherwise as the
//   message, or "Faktura <supplier invoice number>" when it has none.
// The company's account: settings iban, else clearing + account number, else bankgiro (none:
// 409 CONFLICT details.company = "bank_account_missing"). Nothing is written.
import type { Database } from "../../db/client";
import { ApiError } from "../../errors/api-error";
import { debtorAccountOf, pain001Xml, type CreditTransfer, type CreditorAccount } from "../../sweden/payments/pain001";
import { loadCompany } from "../companies";
import { findSupplierInvoice } from "../supplier-invoices";
import { suppliersByIds } from "../suppliers";
import { endToEndId, transferFor } from "./rules";
import type { SupplierPaymentFileInput } from "./schemas";

type Given = NonNullable<SupplierPaymentFileInput["payments"][number]["creditor_account"]>;

function accountOf(g: Given): CreditorAccount {
  switch (g.type) {
    case "bankgiro":
      return { kind: "bankgiro", number: g.number };
    case "plusgiro":
      return { kind: "plusgiro", number: g.number };
    case "bank_account":
      return { kind: "bank_account", clearing: g.clearing_number, account: g.account_number };
    case "iban":
      return { kind: "iban", iban: g.iban, bic: g.bic ?? null };
  }
}

/** The company, the selected invoices and their suppliers, in two round trips. */
async function loadPayments(db: Database, companyId: string, input: SupplierPaymentFileInput) {
  const [{ companies: company, company_settings: settings }, invoices] = await Promise.all([
    loadCompany(db, companyId),
    Promise.all(input.payments.map((p) => findSupplierInvoice(db, companyId, p.supplier_invoice_id))),
  ]);
  const supplierIds = [...new Set(invoices.flatMap((i) => (i ? [i.supplier_id] : [])))];
  const suppliers = new Map((await suppliersByIds(db, companyId, supplierIds)).map((s) => [s.id, s]));
  return { company, settings, invoices, suppliers };
}

/**
 * The credit transfers that pay a selection of supplier invoices, with the company and the account
 * it pays from; every problem of the selection in one 409 CONFLICT (the rules above). The payment
 * batches (payment-batches) build their stored files on it.
 */
export async function plannedSupplierTransfers(db: Database, companyId: string, input: SupplierPaymentFileInput) {
  const { company, settings, invoices, suppliers } = await loadPayments(db, companyId, input);
  const debtor = debtorAccountOf(settings);
  if (!debtor)
    throw new ApiError(
      "CONFLICT",
      { company: "bank_account_missing" },
      "The company has no bank account in its settings (iban, or bank_clearing_number and bank_account_number, " +
        "or bankgiro) to pay from.",
    );
  const problems: { index: number; supplier_invoice_id: string; problem: string }[] = [];
  const transfers: CreditTransfer[] = [];
  for (const [index, p] of input.payments.entries()) {
    const inv = invoices[index];
    const given = p.creditor_account ? accountOf(p.creditor_account) : null;
    const out = transferFor(inv, inv ? suppliers.get(inv.supplier_id) : undefined, p.amount, given);
    if ("problem" in out) problems.push({ index, supplier_invoice_id: p.supplier_invoice_id, problem: out.problem });
    else transfers.push(out.transfer);
  }
  if (problems.length)
    throw new ApiError(
      "CONFLICT",
      { invoices: problems },
      `${problems.length} of the selected supplier invoices cannot be paid by this file.`,
    );
  return { company, settings, debtor, transfers };
}

/**
 * The pain.001 of planned transfers (plannedSupplierTransfers): one batch `batchId` of
 * supplier payments (SUPP) from the company's account, executed on `executionDate`.
 */
export function supplierPain001(
  planned: Awaited<ReturnType<typeof plannedSupplierTransfers>>,
  ids: { messageId: string; batchId: string },
  executionDate: string,
  now: string,
) {
  const { company, settings, debtor, transfers } = planned;
  return pain001Xml({
    messageId: ids.messageId,
    createdAt: now.slice(0, 19),
    initiatingParty: { name: company.name, orgNumber: company.orgNumber },
    batches: [
      {
        id: ids.batchId,
        executionDate,
        categoryPurpose: "SUPP",
        debtorName: company.name,
        debtorAccount: debtor,
        debtorBic: settings.bic,
        transfers,
      },
    ],
  });
}

export async function supplierPaymentFile(
  db: Database,
  companyId: string,
  input: SupplierPaymentFileInput,
  now: string,
) {
  const planned = await plannedSupplierTransfers(db, companyId, input);
  const stamp = now.replace(/\D/g, "").slice(0, 14);
  const messageId = `S${stamp}${endToEndId(planned.transfers[0].endToEndId).slice(0, 20)}`;
  const file = supplierPain001(planned, { messageId, batchId: `S${stamp}` }, input.execution_date, now);
  return { ...file, fileName: `leverantorsbetalningar-${input.execution_date}-pain001.xml` };
}
