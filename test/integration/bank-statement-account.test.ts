// A bank statement is checked against the bank account it is booked to (issue #29, item 2): a
// file of another registered account or of another currency is refused whole with its own code,
// rows far from the company's fiscal years are refused, and a foreign-currency account's rows are
// never added to the SEK ledger's figures by the reconciliation.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { camt053, importBankFile } from "../bank-helpers";
import { call, companyFixture, line, postedEntry, write } from "../helpers";
import { booksDb } from "../books";

const f = companyFixture({
  name: "Kontokoll AB",
  first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
});
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const fixture = (name: string) => Uint8Array.from(atob(env.TEST_BANK_FIXTURES[name]), (c) => c.charCodeAt(0));

const NL_IBAN = "NL91ABNA0417164300";
const SE_IBAN = "SE4550000000058398257466";

const eurStatement = () =>
  camt053({
    iban: NL_IBAN,
    currency: "EUR",
    opening: 1000,
    entries: [
      { ref: "NL-1", date: "2025-03-03", amount: 250, text: "Client SARL invoice 17" },
      { ref: "NL-2", date: "2025-03-04", amount: -40, text: "Bank fee" },
    ],
  });

async function rowsOn(account: string) {
  return (
    await booksDb
      .prepare(
        "SELECT currency, amount_ore FROM bank_transactions WHERE company_id = ? AND settlement_account = ? ORDER BY date, rowid",
      )
      .bind(f.companyId, account)
      .all<{ currency: string; amount_ore: number }>()
  ).results;
}

const register = (body: Record<string, unknown>) => write(f.actor.key, "POST", url("/bank-accounts"), body);

describe("a statement checked against the bank account it is booked to", () => {
  it("refuses a EUR camt.053 of a Dutch IBAN booked to the unregistered SEK account 1930, storing nothing", async () => {
    const op = await importBankFile(f.actor.key, f.companyId, eurStatement(), "1930");
    expect(op.status).toBe("failed");
    expect(op.error).toMatchObject({
      code: "BANK_STATEMENT_CURRENCY_MISMATCH",
      details: {
        settlement_account: "1930",
        file_account: NL_IBAN,
        file_currency: "EUR",
        expected_currency: "SEK",
        accounts_in_currency: [],
      },
    });
    expect(await rowsOn("1930")).toEqual([]);
    const imp = await booksDb
      .prepare("SELECT status, rows_inserted FROM bank_imports WHERE company_id = ?")
      .bind(f.companyId)
      .first();
    expect(imp).toEqual({ status: "failed", rows_inserted: 0 });
  });

  it("registers bank accounts: 1930 by IBAN in SEK, 1940 in EUR; refuses a non-19xx account and a twin", async () => {
    const sek = await register({
      ledger_account: "1930",
      iban: "SE45 5000 0000 0583 9825 7466",
      name: "Företagskonto",
    });
    expect(sek.status, JSON.stringify(sek.body)).toBe(201);
    expect(sek.body.data).toMatchObject({ ledger_account: "1930", currency: "SEK", iban: SE_IBAN });
    const eur = await register({ ledger_account: "1940", currency: "EUR", iban: NL_IBAN });
    expect(eur.status).toBe(201);
    const again = await register({ ledger_account: "1940", currency: "EUR", iban: NL_IBAN, name: "EUR-konto" });
    expect(again.status).toBe(200);
    expect(again.body.data.name).toBe("EUR-konto");

    const revenue = await register({ ledger_account: "3001", currency: "SEK" });
    expect(revenue.status).toBe(400);
    expect(revenue.body.error.code).toBe("VALIDATION_ERROR");
    const twin = await register({ ledger_account: "1950", currency: "EUR", iban: NL_IBAN });
    expect(twin.status).toBe(409);
    expect(twin.body.error.details).toMatchObject({
      reason: "bank_account_registered_elsewhere",
      ledger_account: "1940",
    });

    const list = await call("GET", url("/bank-accounts"), { key: f.actor.key });
    expect(list.body.data.map((a: any) => [a.ledger_account, a.currency, a.iban])).toEqual([
      ["1930", "SEK", SE_IBAN],
      ["1940", "EUR", NL_IBAN],
    ]);
  });

  it("refuses the Dutch statement on 1930 as another account's, naming the ledger account it is registered for", async () => {
    const op = await importBankFile(f.actor.key, f.companyId, eurStatement(), "1930");
    expect(op.status).toBe("failed");
    expect(op.error).toMatchObject({
      code: "BANK_STATEMENT_ACCOUNT_MISMATCH",
      details: { settlement_account: "1930", file_account: NL_IBAN, expected_account: SE_IBAN, registered_for: "1940" },
    });
    // an unregistered SEK account: the currency is what is wrong, and 1940 is named as the EUR account
    const other = await importBankFile(f.actor.key, f.companyId, eurStatement(), "1950");
    expect(other.error).toMatchObject({
      code: "BANK_STATEMENT_CURRENCY_MISMATCH",
      details: { expected_currency: "SEK", file_currency: "EUR", accounts_in_currency: ["1940"] },
    });
    expect(await rowsOn("1930")).toEqual([]);
    expect(await rowsOn("1950")).toEqual([]);
  });

  it("books the Dutch statement to the EUR account 1940 the user names; the reconciliation never adds EUR to SEK", async () => {
    const op = await importBankFile(f.actor.key, f.companyId, eurStatement(), "1940");
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    expect(op.result.rows_inserted).toBe(2);
    expect(await rowsOn("1940")).toEqual([
      { currency: "EUR", amount_ore: 25000 },
      { currency: "EUR", amount_ore: -4000 },
    ]);
    // a SEK entry on 1940: the ledger side is SEK, the rows EUR; nothing is summed across them
    await postedEntry(f.actor.key, f.companyId, f.periodId, {
      entry_date: "2025-03-03",
      description: "Inbetalning Client SARL",
      lines: [line("1940", 2750, 0), line("3001", 0, 2750)],
    });
    const acc = await call("GET", url("/reconciliation/accounts/bank:1940?date_to=2025-03-31"), { key: f.actor.key });
    expect(acc.status, JSON.stringify(acc.body)).toBe(200);
    expect(acc.body.data.external_balance).toBeNull();
    expect(acc.body.data.bank).toMatchObject({
      external_balance_from: "not_comparable",
      transaction_count: 0,
      other_currency_transactions: [{ currency: "EUR", transaction_count: 2, transactions_sum: 210 }],
    });
    expect(acc.body.data.status.state).toBe("not_configured");
    // a EUR row is never linked to a SEK line
    const items = await call("GET", url("/reconciliation/accounts/bank:1940/items?date_to=2025-03-31"), {
      key: f.actor.key,
    });
    const lineId = items.body.data.items.find((i: any) => i.side === "ledger").item_id;
    const rowId = (await booksDb
      .prepare("SELECT id FROM bank_transactions WHERE company_id = ? AND amount_ore = 25000")
      .bind(f.companyId)
      .first<{ id: string }>())!.id;
    const link = await write(f.actor.key, "POST", url("/reconciliation/accounts/bank:1940/links"), {
      pairs: [{ external_item_ids: [rowId], ledger_item_ids: [lineId] }],
    });
    expect(link.status).toBe(400);
    expect(link.body.error.details).toMatchObject({ item_ids: [rowId], currencies: ["EUR"] });
    // and 1940 cannot be turned into a SEK account while it holds EUR rows
    const flip = await register({ ledger_account: "1940", currency: "SEK", iban: NL_IBAN });
    expect(flip.status).toBe(409);
    expect(flip.body.error.details).toMatchObject({
      reason: "rows_in_other_currency",
      rows: [{ currency: "EUR", count: 2 }],
    });
  });

  it("refuses JSON rows in another currency than the account's, and takes them on the account of that currency", async () => {
    const tx = (id: string, currency: string, date = "2025-04-01") => ({
      external_id: id,
      date,
      description: `Rad ${id}`,
      amount: 100,
      currency,
    });
    const wrong = await write(f.actor.key, "POST", url("/transactions/ingest"), {
      settlement_account: "1930",
      transactions: [tx("j-1", "SEK"), tx("j-2", "EUR")],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      code: "BANK_STATEMENT_CURRENCY_MISMATCH",
      details: { file_currency: "EUR", expected_currency: "SEK", accounts_in_currency: ["1940"] },
    });
    expect(await rowsOn("1930")).toEqual([]);
    const right = await write(f.actor.key, "POST", url("/transactions/ingest"), {
      settlement_account: "1940",
      transactions: [tx("j-2", "EUR")],
    });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.data.rows_inserted).toBe(1);
  });

  it("refuses rows more than a year from the company's fiscal years (2025): the 2010 ISO sample, a row of 2027", async () => {
    const old = await importBankFile(
      f.actor.key,
      f.companyId,
      fixture("iso20022_business-sample_camt.053.001.04_AAAASESS_SEK.xml"),
      "1950",
    );
    expect(op(old)).toMatchObject({
      code: "BANK_STATEMENT_DATES_OUTSIDE_FISCAL_YEARS",
      details: {
        earliest_date: "2010-10-18",
        rows_outside: 3,
        first_fiscal_year_start: "2025-01-01",
        last_fiscal_year_end: "2025-12-31",
        earliest_allowed: "2024-01-01",
        latest_allowed: "2026-12-31",
      },
    });
    expect(await rowsOn("1950")).toEqual([]);
    const row = (id: string, date: string) => ({ external_id: id, date, description: `Rad ${id}`, amount: 5 });
    const late = await write(f.actor.key, "POST", url("/transactions/ingest"), {
      settlement_account: "1950",
      transactions: [row("d-1", "2026-12-31"), row("d-2", "2027-01-01")],
    });
    expect(late.status).toBe(400);
    expect(late.body.error).toMatchObject({
      code: "BANK_STATEMENT_DATES_OUTSIDE_FISCAL_YEARS",
      details: { latest_date: "2027-01-01", rows_outside: 1 },
    });
    const edge = await write(f.actor.key, "POST", url("/transactions/ingest"), {
      settlement_account: "1950",
      transactions: [row("d-0", "2024-01-01"), row("d-1", "2026-12-31")],
    });
    expect(edge.status, JSON.stringify(edge.body)).toBe(200);
  });
});

const op = (o: any) => {
  expect(o.status).toBe("failed");
  return o.error;
};

describe("what a file's account is compared with", () => {
  it("a BgMax file names a bankgiro: an account registered by IBAN only takes it", async () => {
    expect(
      (
        await write(f.actor.key, "POST", url("/bank-accounts"), {
          ledger_account: "1970",
          iban: "SE3550000000054910000003",
        })
      ).status,
    ).toBe(201);
    const text = Array.from(fixture("bankgirot_bgmax_exempelfil_ocr-kontroll_checksiffra_langd.txt"), (b) =>
      String.fromCharCode(b),
    )
      .join("")
      .replaceAll("EUR", "SEK")
      .replaceAll("20040525", "20250525");
    const bgmax = await importBankFile(
      f.actor.key,
      f.companyId,
      Uint8Array.from(text, (ch) => ch.charCodeAt(0)),
      "1970",
    );
    expect(bgmax.status, JSON.stringify(bgmax.error)).toBe("succeeded");
    expect(bgmax.result.rows_inserted).toBe(9);
  });
});
