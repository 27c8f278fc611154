import { describe, expect, it } from "vitest";
import { call, companyFixture, day, write } from "../helpers";
import { booksDb } from "../books";
import { parsePain001 as parse } from "../iso20022-files";

const f = companyFixture({ name: "Betalaren AB" });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const FILE = () => url("/payment-files/supplier-invoices");

async function supplier(body: Record<string, unknown>) {
  const res = await write(f.actor.key, "POST", url("/suppliers"), {
    supplier_type: "swedish_business",
    default_expense_account: "4010",
    default_payment_terms: 30,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

async function invoice(
  supplierId: string,
  number: string,
  amount: number,
  extra: Record<string, unknown> = {},
  approve = true,
) {
  const res = await write(f.actor.key, "POST", url("/supplier-invoices"), {
    supplier_id: supplierId,
    supplier_invoice_number: number,
    invoice_date: day(-3),
    items: [{ amount, vat_rate: 0 }],
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (approve)
    expect((await write(f.actor.key, "POST", url(`/supplier-invoices/${res.body.data.id}/approve`))).status).toBe(200);
  return res.body.data.id as string;
}

const hex = (id: string) => id.replace(/-/g, "");

describe("POST .../payment-files/supplier-invoices", () => {
  it("pays a selection of approved invoices to every kind of account, with OCR or a message", async () => {
    const bg = await supplier({ name: "Bankgiro Leverantör AB", bankgiro: "5555-5556" });
    const pg = await supplier({ name: "Plusgiro Leverantör AB", plusgiro: "47890-3" });
    const eu = await supplier({
      name: "Lieferant GmbH",
      supplier_type: "eu_business",
      country: "DE",
      vat_number: "DE123456789",
      iban: "DE89 3704 0044 0532 0130 00",
      bic: "COBADEFFXXX",
      default_currency: "EUR",
    });
    const bare = await supplier({ name: "Åkeriet i Örebro AB" });

    const a = await invoice(bg, "A-1", 12500.5, { payment_reference: "1234567897" });
    const b = await invoice(pg, "PG-1", 999);
    const c = await invoice(eu, "DE-1", 1000, {
      currency: "EUR",
      exchange_rate: 11.5,
      payment_reference: "RE-2026-77",
    });
    const d = await invoice(bare, "T-9", 1250);
    const draft = await invoice(bg, "A-2", 100, {}, false);
    const noAccount = await invoice(bare, "T-10", 10);

    // the company has no account to pay from
    const none = await call("POST", FILE(), {
      key: f.actor.key,
      body: { execution_date: "2026-12-01", payments: [{ supplier_invoice_id: a }] },
    });
    expect([none.status, none.body.error.details]).toEqual([409, { company: "bank_account_missing" }]);
    expect(
      (
        await write(f.actor.key, "PATCH", url("/settings"), {
          bank_clearing_number: "5000",
          bank_account_number: "58398257466",
        })
      ).status,
    ).toBe(200);

    // every problem in one refusal
    const bad = await call("POST", FILE(), {
      key: f.actor.key,
      body: {
        execution_date: "2026-12-01",
        payments: [
          { supplier_invoice_id: a },
          { supplier_invoice_id: draft },
          { supplier_invoice_id: "00000000-0000-4000-8000-000000000000" },
          { supplier_invoice_id: b, amount: 999.01 },
          { supplier_invoice_id: noAccount },
          { supplier_invoice_id: c, creditor_account: { type: "bankgiro", number: "5555-5556" } },
        ],
      },
    });
    expect(bad.status).toBe(409);
    expect(bad.body.error.details.invoices).toEqual([
      { index: 1, supplier_invoice_id: draft, problem: "not_approved" },
      { index: 2, supplier_invoice_id: "00000000-0000-4000-8000-000000000000", problem: "not_found" },
      { index: 3, supplier_invoice_id: b, problem: "amount_above_remaining" },
      { index: 4, supplier_invoice_id: noAccount, problem: "no_creditor_account" },
      { index: 5, supplier_invoice_id: c, problem: "account_needs_sek" },
    ]);
    const dup = await call("POST", FILE(), {
      key: f.actor.key,
      body: { execution_date: "2026-12-01", payments: [{ supplier_invoice_id: a }, { supplier_invoice_id: a }] },
    });
    expect([dup.status, dup.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);

    const res = await call("POST", FILE(), {
      key: f.actor.key,
      body: {
        execution_date: "2026-12-01",
        payments: [
          { supplier_invoice_id: a },
          { supplier_invoice_id: b },
          { supplier_invoice_id: c },
          {
            supplier_invoice_id: d,
            amount: 500,
            creditor_account: { type: "bank_account", clearing_number: "83279", account_number: "123456789" },
          },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("application/xml");
    expect(res.headers.get("Content-Disposition")).toBe(
      'attachment; filename="leverantorsbetalningar-2026-12-01-pain001.xml"',
    );
    const doc = parse(res.body);
    // 12 500.50 + 999 + 1 000 (EUR) + 500
    expect(doc.GrpHdr).toMatchObject({
      NbOfTxs: "4",
      CtrlSum: "14999.50",
      InitgPty: { Nm: "Betalaren AB", Id: { OrgId: { Othr: { Id: "5560160680", SchmeNm: { Cd: "BANK" } } } } },
    });
    const p = doc.PmtInf[0];
    expect(p).toMatchObject({
      PmtMtd: "TRF",
      NbOfTxs: "4",
      CtrlSum: "14999.50",
      PmtTpInf: { SvcLvl: { Cd: "NURG" }, CtgyPurp: { Cd: "SUPP" } },
      ReqdExctnDt: "2026-12-01",
      Dbtr: { Nm: "Betalaren AB" },
      DbtrAcct: { Id: { Othr: { Id: "500058398257466", SchmeNm: { Cd: "BBAN" } } }, Ccy: "SEK" },
      DbtrAgt: { FinInstnId: { Othr: { Id: "NOTPROVIDED" } } },
      ChrgBr: "SLEV",
    });
    expect(p.CdtTrfTxInf).toEqual([
      {
        PmtId: { EndToEndId: hex(a) },
        Amt: { InstdAmt: { "@_Ccy": "SEK", "#text": "12500.50" } },
        CdtrAgt: { FinInstnId: { ClrSysMmbId: { ClrSysId: { Cd: "SESBA" }, MmbId: "9900" } } },
        Cdtr: { Nm: "Bankgiro Leverantör AB" },
        CdtrAcct: { Id: { Othr: { Id: "55555556", SchmeNm: { Prtry: "BGNR" } } } },
        RmtInf: { Strd: { CdtrRefInf: { Tp: { CdOrPrtry: { Cd: "SCOR" } }, Ref: "1234567897" } } },
      },
      {
        PmtId: { EndToEndId: hex(b) },
        Amt: { InstdAmt: { "@_Ccy": "SEK", "#text": "999.00" } },
        CdtrAgt: { FinInstnId: { ClrSysMmbId: { ClrSysId: { Cd: "SESBA" }, MmbId: "9960" } } },
        Cdtr: { Nm: "Plusgiro Leverantör AB" },
        CdtrAcct: { Id: { Othr: { Id: "478903", SchmeNm: { Cd: "BBAN" } } } },
        RmtInf: { Ustrd: "Faktura PG-1" },
      },
      {
        PmtId: { EndToEndId: hex(c) },
        Amt: { InstdAmt: { "@_Ccy": "EUR", "#text": "1000.00" } },
        CdtrAgt: { FinInstnId: { BIC: "COBADEFFXXX" } },
        Cdtr: { Nm: "Lieferant GmbH" },
        CdtrAcct: { Id: { IBAN: "DE89370400440532013000" } },
        RmtInf: { Ustrd: "RE-2026-77" },
      },
      {
        PmtId: { EndToEndId: hex(d) },
        Amt: { InstdAmt: { "@_Ccy": "SEK", "#text": "500.00" } },
        CdtrAgt: { FinInstnId: { ClrSysMmbId: { ClrSysId: { Cd: "SESBA" }, MmbId: "8327" } } },
        Cdtr: { Nm: "Åkeriet i Örebro AB" },
        CdtrAcct: { Id: { Othr: { Id: "83279123456789", SchmeNm: { Cd: "BBAN" } } } },
        RmtInf: { Ustrd: "Faktura T-9" },
      },
    ]);

    // nothing changed: the invoices are still approved and unpaid
    const rows = await booksDb
      .prepare(`SELECT status, paid_ore FROM supplier_invoices WHERE id IN (?, ?, ?, ?)`)
      .bind(a, b, c, d)
      .all<{ status: string; paid_ore: number }>();
    expect(rows.results.map((r) => [r.status, r.paid_ore])).toEqual(Array(4).fill(["approved", 0]));
  });
});
