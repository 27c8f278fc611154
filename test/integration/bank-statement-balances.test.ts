import { describe, expect, it } from "vitest";
import { camt053, importBankFile } from "../bank-helpers";
import { call, companyFixture, settleOperation, write } from "../helpers";
import { booksDb } from "../books";

const f = companyFixture({ name: "Saldo AB" });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const SE_IBAN = "SE4550000000058398257466";

/** The books before the statement: 2025 opened by SIE with 10 000 kr on 1930 (share capital). */
const SIE = [
  "#FLAGGA 0",
  "#FORMAT PC8",
  "#SIETYP 4",
  "#GEN 20250110",
  '#FNAMN "Saldo AB"',
  "#ORGNR 556016-0680",
  "#RAR 0 20250101 20251231",
  '#KONTO 1930 "Företagskonto"',
  '#KONTO 2081 "Aktiekapital"',
  "#IB 0 1930 10000.00",
  "#IB 0 2081 -10000.00",
  "#UB 0 1930 10000.00",
  "#UB 0 2081 -10000.00",
  "",
].join("\r\n");

const statement = () =>
  camt053({
    iban: SE_IBAN,
    currency: "SEK",
    opening: 10000,
    entries: [
      { ref: "SE-1", date: "2025-03-03", amount: 5000, text: "Lån från ägaren" },
      { ref: "SE-2", date: "2025-03-05", amount: -1200, text: "Hyra mars" },
      { ref: "SE-3", date: "2025-03-10", amount: -45.5, text: "Bankavgift" },
    ],
  });

describe("a camt.053 statement's balances in the reconciliation", () => {
  it("imports the statement, books every row, reconciles 1930 on the bank's balance and signs it off", async () => {
    const sie = await call("POST", url("/imports/sie"), {
      key: f.actor.key,
      body: { file_base64: btoa(SIE), file_name: "ib.se" },
    });
    expect(sie.status, JSON.stringify(sie.body)).toBe(202);
    expect((await settleOperation(f.actor.key, sie.body.data.operation_id)).status).toBe("succeeded");
    expect(
      (await write(f.actor.key, "POST", url("/bank-accounts"), { ledger_account: "1930", iban: SE_IBAN })).status,
    ).toBe(201);

    const op = await importBankFile(f.actor.key, f.companyId, statement(), "1930");
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    expect(op.result.statements).toEqual([
      expect.objectContaining({ opening_balance: 10000, closing_balance: 13754.5, balance_check: "ok" }),
    ]);
    // each row carries the balance after it, from the statement's opening balance to its closing one
    const rows = (
      await booksDb
        .prepare(
          "SELECT id, amount_ore, balance_after_ore FROM bank_transactions WHERE company_id = ? ORDER BY date, rowid",
        )
        .bind(f.companyId)
        .all<{ id: string; amount_ore: number; balance_after_ore: number }>()
    ).results;
    expect(rows.map((r) => [r.amount_ore, r.balance_after_ore])).toEqual([
      [500000, 1500000],
      [-120000, 1380000],
      [-4550, 1375450],
    ]);

    // every row booked
    const bookings = [
      { account_override: "2393", vat_treatment: "none" },
      { account_override: "5010", vat_treatment: "none" },
      { category: "bank_fees" },
    ];
    for (const [i, body] of bookings.entries()) {
      const res = await write(f.actor.key, "POST", url(`/transactions/${rows[i].id}/categorize`), {
        ...body,
        confirm_no_match: true,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }

    const acc = await call("GET", url("/reconciliation/accounts/bank:1930?date_to=2025-03-31"), { key: f.actor.key });
    expect(acc.status, JSON.stringify(acc.body)).toBe(200);
    expect(acc.body.data).toMatchObject({
      external_balance: 13754.5,
      ledger_balance: 13754.5,
      difference: 0,
      status: { state: "reconciled", unexplained_difference: 0 },
    });
    expect(acc.body.data.bank).toMatchObject({
      external_balance_from: "statement_balance",
      statement_balance: 13754.5,
      transactions_sum: 3754.5,
    });
    const signed = await write(f.actor.key, "POST", url("/reconciliation/accounts/bank:1930/signoff"), {
      through_date: "2025-03-31",
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    expect(signed.body.data).toMatchObject({
      external_balance: 13754.5,
      ledger_balance: 13754.5,
      unexplained_difference: 0,
    });
  });

  it("shows a statement whose rows do not add up to its closing balance as an unexplained difference", async () => {
    const c = await call("POST", "/api/v1/companies", {
      key: f.actor.key,
      body: {
        name: "Glapp AB",
        entity_type: "aktiebolag",
        org_number: "556016-0680",
        vat_registered: true,
        moms_period: "quarterly",
        f_skatt: true,
        first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
      },
    });
    expect(c.status).toBe(201);
    const bytes = camt053({
      iban: SE_IBAN,
      currency: "SEK",
      opening: 0,
      closing: 120,
      entries: [{ ref: "G-1", date: "2025-03-03", amount: 100, text: "Bankavgift tillbaka" }],
    });
    const op = await importBankFile(f.actor.key, c.body.data.id, bytes, "1930");
    expect(op.result.statements[0].balance_check).toBe("mismatch");
    const acc = await call(
      "GET",
      `/api/v1/companies/${c.body.data.id}/reconciliation/accounts/bank:1930?date_to=2025-03-31`,
      {
        key: f.actor.key,
      },
    );
    // the bank says 120, its rows 100: the 20 no item explains
    expect(acc.body.data).toMatchObject({ external_balance: 120, ledger_balance: 0 });
    expect(acc.body.data.status.unexplained_difference).toBe(20);
  });
});
