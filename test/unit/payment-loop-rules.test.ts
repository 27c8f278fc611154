// The payment loop's and the month's close's pure decisions, by tables: what a camt row is to the
// books (decideRow), a batch's status from its lines, what a pain.002 does to a line, the
// proposal, and the close decision with each blocker; and a camt.054 debit notification read
// into rows carrying their end-to-end ids (src/sweden/bank, ISO 20022 camt.054.001.02).
import { describe, expect, it } from "vitest";
import { batchStatusOf, endToEndIdOf, proposalOf } from "../../src/domains/payment-batches/batches/rules";
import { decideRow, type Known, type NotifiedRow } from "../../src/domains/payment-batches/notifications/rules";
import { lineAfterReport } from "../../src/domains/payment-batches/status-reports/rules";
import { type CloseFacts, closeDecision, monthRange, previousMonth } from "../../src/domains/month-close/rules";
import { parseBankText } from "../../src/sweden/bank";

const row = (amount_ore: number, extra: Partial<NotifiedRow> = {}): NotifiedRow => ({
  amount_ore,
  reference: null,
  reference_type: null,
  ocr_references: [],
  details: {},
  ...extra,
});
const known: Known = {
  lines: new Map([
    ["E1", { id: "L1", batchId: "B1", supplierInvoiceId: "S1", status: "accepted" }],
    ["E2", { id: "L2", batchId: "B1", supplierInvoiceId: "S2", status: "pending" }],
    ["E3", { id: "L3", batchId: "B1", supplierInvoiceId: "S3", status: "booked" }],
    ["E4", { id: "L4", batchId: "B1", supplierInvoiceId: "S4", status: "rejected" }],
    ["E5", { id: "L5", batchId: "B2", supplierInvoiceId: "S5", status: "accepted" }],
    ["E6", { id: "L6", batchId: "B2", supplierInvoiceId: "S6", status: "accepted" }],
    ["E7", { id: "L7", batchId: "B2", supplierInvoiceId: "S7", status: "accepted" }],
  ]),
  seen: new Map([
    ["E9", { id: "T9", settled: true, supplierInvoiceId: null, journalEntryId: "J9" }],
    ["E3", { id: "T3", settled: true, supplierInvoiceId: "S3", journalEntryId: "J3" }],
    ["E5", { id: "T5", settled: false, supplierInvoiceId: null, journalEntryId: null }],
    ["E6", { id: "T6", settled: true, supplierInvoiceId: "S6", journalEntryId: "J6" }],
    ["E7", { id: "T7", settled: true, supplierInvoiceId: null, journalEntryId: "J7" }],
  ]),
  invoices: new Map([
    ["1234567897", "I1"],
    ["1001", "I2"],
  ]),
};

describe("decideRow: a camt row to the books", () => {
  it.each([
    [
      "a debit of an accepted line",
      row(-100, { details: { end_to_end_id: "E1" } }),
      { kind: "supplier_payment", lineId: "L1", batchId: "B1", supplierInvoiceId: "S1" },
    ],
    [
      "a debit of a line the bank has not answered",
      row(-100, { details: { end_to_end_id: "E2" } }),
      { kind: "supplier_payment", lineId: "L2", batchId: "B1", supplierInvoiceId: "S2" },
    ],
    [
      "a debit of a booked line",
      row(-100, { details: { end_to_end_id: "E3" } }),
      { kind: "seen", by: "end_to_end_id" },
    ],
    [
      "a debit of a rejected line",
      row(-100, { details: { end_to_end_id: "E4" } }),
      { kind: "unmatched", reason: "payment_rejected_by_bank" },
    ],
    [
      "a payment an earlier row carries, unbooked: that row is booked",
      row(-100, { details: { end_to_end_id: "E5" } }),
      { kind: "earlier_row", rowId: "T5", lineId: "L5", batchId: "B2", supplierInvoiceId: "S5", journalEntryId: null },
    ],
    [
      "a payment an earlier row booked on the same invoice: the line takes that booking",
      row(-100, { details: { end_to_end_id: "E6" } }),
      { kind: "earlier_row", rowId: "T6", lineId: "L6", batchId: "B2", supplierInvoiceId: "S6", journalEntryId: "J6" },
    ],
    [
      "a payment an earlier row booked otherwise",
      row(-100, { details: { end_to_end_id: "E7" } }),
      { kind: "seen", by: "end_to_end_id" },
    ],
    [
      "an end-to-end id an earlier row carries",
      row(-100, { details: { end_to_end_id: "E9" } }),
      { kind: "seen", by: "end_to_end_id" },
    ],
    [
      "a debit of no batch",
      row(-100, { details: { end_to_end_id: "X" } }),
      { kind: "unmatched", reason: "end_to_end_id_unknown" },
    ],
    ["a debit without an end-to-end id", row(-100), { kind: "unmatched", reason: "no_end_to_end_id" }],
    [
      "a credit with an open invoice's OCR",
      row(100, { ocr_references: ["1234567897"] }),
      { kind: "customer_payment", invoiceId: "I1", by: "ocr" },
    ],
    [
      "a credit with an OCR failing its check digit",
      row(100, { ocr_references: ["1234567898"] }),
      { kind: "unmatched", reason: "ocr_unknown" },
    ],
    [
      "a credit with an RF of an open invoice's OCR",
      row(100, { reference: "RF52 1234 5678 97", reference_type: "structured" }),
      { kind: "customer_payment", invoiceId: "I1", by: "rf" },
    ],
    [
      "a credit with an RF of an invoice number",
      row(100, { reference: "RF401001", reference_type: "structured" }),
      { kind: "customer_payment", invoiceId: "I2", by: "rf" },
    ],
    [
      "a credit with an RF failing mod 97",
      row(100, { reference: "RF531234567897", reference_type: "structured" }),
      { kind: "unmatched", reason: "no_reference" },
    ],
    [
      "a credit with a valid RF of nothing open",
      row(100, { reference: "RF18539007547034", reference_type: "structured" }),
      { kind: "unmatched", reason: "rf_reference_unknown" },
    ],
    [
      "a credit with a message only",
      row(100, { reference: "Gåva", reference_type: "message" }),
      { kind: "unmatched", reason: "no_reference" },
    ],
  ])("%s", (_, r, decision) => expect(decideRow(r, known)).toEqual(decision));
});

describe("a batch's status from its lines", () => {
  it.each([
    [["pending", "pending"], "created"],
    [["accepted", "pending"], "reported"],
    [["accepted", "rejected"], "reported"],
    [["booked", "accepted"], "partially_booked"],
    [["booked", "rejected"], "settled"],
    [["booked", "booked"], "settled"],
    [["rejected", "rejected"], "rejected"],
  ] as const)("%j is %s", (statuses, status) =>
    expect(batchStatusOf(statuses.map((s) => ({ status: s })))).toBe(status),
  );
});

describe("what a pain.002 does to a line", () => {
  it.each([
    ["pending", "accepted", "accepted", "payment.accepted"],
    ["pending", "rejected", "rejected", "payment.rejected"],
    ["accepted", "rejected", "rejected", "payment.rejected"],
    ["accepted", "accepted", "accepted", null],
    ["pending", "pending", "pending", null],
    ["booked", "rejected", "booked", null],
    ["rejected", "accepted", "rejected", null],
  ] as const)("%s + %s -> %s (%s)", (current, outcome, status, event) =>
    expect(lineAfterReport(current, outcome)).toEqual({ status, event }),
  );
});

describe("the proposal", () => {
  it("leaves out the invoices in an active batch and totals per currency", () => {
    const inv = (id: string, currency: string, remaining_amount: number) => ({ id, currency, remaining_amount });
    const p = proposalOf(
      [inv("a", "SEK", 12500), inv("b", "SEK", 999.5), inv("c", "EUR", 1000), inv("d", "SEK", 1)],
      new Set(["d"]),
    );
    expect(p.lines.map((l) => l.id)).toEqual(["a", "b", "c"]);
    expect(p.totals).toEqual([
      { currency: "SEK", amount: 13499.5 },
      { currency: "EUR", amount: 1000 },
    ]);
    expect(endToEndIdOf("0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b")).toBe("0193a1b2c3d47e5f8a9b0c1d2e3f4a5b");
  });
});

const FACTS: CloseFacts = {
  companyId: "C",
  scope: { kind: "month", label: "2027-03", from: "2027-03-01", to: "2027-03-31" },
  fiscalPeriodId: "P",
  today: "2027-04-02",
  unbookedRows: [],
  reconciliation: [
    { account_key: "bank:1930", kind: "bank", state: "reconciled", signed_off: true },
    { account_key: "receivables", kind: "receivables", state: "reconciled", signed_off: true },
  ],
  awaitingApproval: [],
  drafts: 0,
  gaps: [],
  missingVatReturns: [],
  runsWithoutAgi: [],
  unbookedPayments: [],
};

describe("the close decision", () => {
  it("is ready when nothing blocks", () => expect(closeDecision(FACTS)).toEqual({ ready: true, blockers: [] }));

  it.each<[string, Partial<CloseFacts>, string, number, string[]]>([
    ["a month not ended", { today: "2027-03-31" }, "month_not_ended", 1, []],
    [
      "an unbooked bank row",
      { unbookedRows: [{ id: "T1", date: "2027-03-05", amountOre: 100, currency: "SEK", description: "x" }] },
      "unbooked_bank_rows",
      1,
      ["/api/v1/companies/C/transactions/T1"],
    ],
    [
      "an account with a difference",
      { reconciliation: [{ account_key: "payables", kind: "payables", state: "open", signed_off: true }] },
      "account_not_reconciled",
      1,
      ["/api/v1/companies/C/reconciliation/accounts/payables"],
    ],
    [
      "an account without a sign-off",
      { reconciliation: [{ account_key: "bank:1930", kind: "bank", state: "reconciled", signed_off: false }] },
      "account_not_signed_off",
      1,
      ["/api/v1/companies/C/reconciliation/accounts/bank:1930/signoff"],
    ],
    [
      "the tax account open",
      { reconciliation: [{ account_key: "skattekonto", kind: "skattekonto", state: "open", signed_off: false }] },
      "tax_account_not_reconciled",
      1,
      ["/api/v1/companies/C/reconciliation/accounts/skattekonto"],
    ],
    [
      "an invoice waiting for approval",
      { awaitingApproval: [{ id: "S1", supplierName: "L", number: "1", invoiceDate: "2027-03-02" }] },
      "supplier_invoices_awaiting_approval",
      1,
      ["/api/v1/companies/C/supplier-invoices/S1"],
    ],
    [
      "two payments of one batch not booked",
      {
        unbookedPayments: [
          { id: "L1", batchId: "B1", date: "2027-03-20" },
          { id: "L2", batchId: "B1", date: "2027-03-20" },
        ],
      },
      "payments_not_booked",
      2,
      ["/api/v1/companies/C/payment-batches/B1"],
    ],
    ["drafts", { drafts: 3 }, "draft_entries", 3, ["/api/v1/companies/C/journal-entries?status=draft"]],
    [
      "a voucher gap",
      { gaps: [{ voucher_series: "A", gap_start: 4, gap_end: 5 }] },
      "voucher_gaps",
      1,
      [
        "/api/v1/companies/C/compliance/check?type=voucher_gaps&fiscal_period_id=P",
        "/api/v1/companies/C/voucher-gap-explanations",
      ],
    ],
    [
      "a VAT return not made",
      { missingVatReturns: [{ start: "2027-01-01", end: "2027-03-31" }] },
      "vat_return_missing",
      1,
      ["/api/v1/companies/C/vat-returns"],
    ],
    [
      "an AGI not made",
      { runsWithoutAgi: [{ id: "R1", paymentDate: "2027-03-25" }] },
      "agi_missing",
      1,
      ["/api/v1/companies/C/salary-runs/R1/agi"],
    ],
  ])("is blocked by %s", (_, change, code, count, links) => {
    const d = closeDecision({ ...FACTS, ...change });
    expect(d.ready).toBe(false);
    expect(d.blockers.map((b) => [b.code, b.count, b.links])).toEqual([[code, count, links]]);
  });

  it("names a not-configured account neither unreconciled nor unsigned", () =>
    expect(
      closeDecision({
        ...FACTS,
        reconciliation: [{ account_key: "bank:1931", kind: "bank", state: "not_configured", signed_off: false }],
      }).ready,
    ).toBe(true));

  it.each([
    ["2027-03", { from: "2027-03-01", to: "2027-03-31" }],
    ["2028-02", { from: "2028-02-01", to: "2028-02-29" }],
    ["2027-12", { from: "2027-12-01", to: "2027-12-31" }],
  ])("month %s runs %j", (m, range) => expect(monthRange(m)).toEqual(range));
  it.each([
    ["2027-04-02", "2027-03"],
    ["2027-01-31", "2026-12"],
  ])("the month before %s is %s", (today, m) => expect(previousMonth(today)).toBe(m));
});

describe("camt.054: a debit notification's rows carry their end-to-end ids", () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>N1</MsgId><CreDtTm>2027-03-20T18:00:00</CreDtTm></GrpHdr>
    <Ntfctn><Id>N1</Id><CreDtTm>2027-03-20T18:00:00</CreDtTm>
      <Acct><Id><IBAN>SE4550000000058398257466</IBAN></Id><Ccy>SEK</Ccy></Acct>
      <Ntry><Amt Ccy="SEK">11600.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts>
        <BookgDt><Dt>2027-03-20</Dt></BookgDt><AcctSvcrRef>REF-1</AcctSvcrRef>
        <NtryDtls><TxDtls><Refs><EndToEndId>0193A</EndToEndId></Refs>
          <AmtDtls><InstdAmt><Amt Ccy="EUR">1000.00</Amt></InstdAmt></AmtDtls></TxDtls></NtryDtls></Ntry>
      <Ntry><Amt Ccy="SEK">1250.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
        <BookgDt><Dt>2027-03-21</Dt></BookgDt><AcctSvcrRef>REF-2</AcctSvcrRef>
        <NtryDtls><TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
          <RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf>
        </TxDtls></NtryDtls></Ntry>
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>`;
  it("reads each entry: amount, sign, counter-value, end-to-end id, reference", () => {
    const r = parseBankText({ text: xml, encoding: "utf-8" }, { format: "camt054" });
    expect(
      r.statements[0].rows.map((x) => [
        x.amount_ore,
        x.amount_foreign_ore,
        x.currency_foreign,
        x.external_id,
        x.details.end_to_end_id ?? null,
        x.reference,
        x.reference_type,
      ]),
    ).toEqual([
      [-1160000, -100000, "EUR", "REF-1", "0193A", null, null],
      [125000, null, null, "REF-2", null, "RF18539007547034", "structured"],
    ]);
  });
});
