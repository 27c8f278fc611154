// The payment file of a salary run: ISO 20022 pain.001.001.03 with one credit transfer per
// employee's net pay, to upload to the company's bank (src/sweden/payments/pain001.ts builds it).
// A read: nothing is stored; the run must be approved, paid or booked (CONFLICT otherwise). The
// debtor account is the company's (settings: IBAN, else clearing and account number, else
// Bankgiro; none: CONFLICT with details.company = "bank_account_missing"). An employee without
// a bank account (removed after approval): CONFLICT with details.employees.
import type { Database } from "../../../../db/client";
import type { Env } from "../../../../env";
import { ApiError } from "../../../../errors/api-error";
import { type CreditTransfer, debtorAccountOf, pain001Xml } from "../../../../sweden/payments/pain001";
import { loadCompany } from "../../../companies";
import { bankAccountOf, employeesByIds } from "../../employees/queries";
import { byEmployeeName } from "../../employees/rules";
import { loadRun, runEmployees } from "../queries";

const hex = (uuid: string) => uuid.replace(/-/g, "");

export async function salaryPaymentFile(
  db: Database,
  companyId: string,
  runId: string,
  opts: { executionDate?: string; now: string; env: Env },
) {
  const run = await loadRun(db, companyId, runId);
  if (!["approved", "paid", "booked"].includes(run.status)) {
    throw new ApiError(
      "CONFLICT",
      { status: run.status, required_status: ["approved", "paid", "booked"] },
      `A payment file is made from an approved run; this run is ${run.status}.`,
    );
  }
  const { companies: company, company_settings: settings } = await loadCompany(db, companyId);
  const debtor = debtorAccountOf(settings);
  if (!debtor)
    throw new ApiError(
      "CONFLICT",
      { company: "bank_account_missing" },
      "The company has no bank account in its settings (iban, or bank_clearing_number and bank_account_number, or bankgiro) to pay from.",
    );

  const members = await runEmployees(db, run.id);
  const people = await employeesByIds(
    db,
    companyId,
    members.map((m) => m.employeeId),
  );
  const period = `${run.periodYear}-${String(run.periodMonth).padStart(2, "0")}`;
  const missing: { employee_id: string; name: string }[] = [];
  const transfers: CreditTransfer[] = [];
  const ordered = [...members].sort(byEmployeeName(people));
  for (const m of ordered) {
    if (m.netOre <= 0) continue;
    const e = people.get(m.employeeId)!;
    // stored encrypted: the file is the one place the full number leaves
    const account = await bankAccountOf(opts.env, e.bankAccountNumber, e.id);
    if (!e.clearingNumber || !account) {
      missing.push({ employee_id: e.id, name: `${e.firstName} ${e.lastName}` });
      continue;
    }
    transfers.push({
      endToEndId: hex(m.id),
      amountOre: m.netOre,
      creditorName: `${e.firstName} ${e.lastName}`,
      account: { kind: "bank_account", clearing: e.clearingNumber, account },
      remittance: { message: `Lön ${period}` },
    });
  }
  if (missing.length)
    throw new ApiError("CONFLICT", { employees: missing }, "An employee in the run has no bank account.");
  if (!transfers.length) throw new ApiError("CONFLICT", { total_net: 0 }, "The run has no net pay to transfer.");
  const stamp = opts.now.replace(/\D/g, "").slice(0, 14);
  const file = pain001Xml({
    messageId: `L${stamp}${hex(run.id).slice(0, 20)}`,
    createdAt: opts.now.slice(0, 19),
    initiatingParty: { name: company.name, orgNumber: company.orgNumber },
    batches: [
      {
        id: hex(run.id),
        executionDate: opts.executionDate ?? run.paymentDate,
        categoryPurpose: "SALA",
        debtorName: company.name,
        debtorAccount: debtor,
        debtorBic: settings.bic,
        transfers,
      },
    ],
  });
  return { ...file, fileName: `lon-${period}-pain001.xml` };
}
