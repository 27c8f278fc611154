// The tax account (skattekonto, 1630), issue #30: Skatteverket's transaction list imported as an
// operation (xlsx as the e-service exports it; re-import skips every row; a bad row refuses the
// whole file and stores nothing), its rows booked against their counterparts or linked to the
// 1630 line that already books them, and the 1630 reconciliation at zero. The books are
// checked against figures computed here from the statement's rows.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, call, countOf, hire, line, newActor, newCompany, postedEntry, settleOperation, write } from "../helpers";
import { type Cell, xlsxOf } from "../tax-account-file";

type Co = { key: string; companyId: string; periodId: string; userId: string };
const url = (c: Co, p: string) => `/api/v1/companies/${c.companyId}${p}`;

async function company(): Promise<Co> {
  const actor = await newActor();
  const co = await newCompany(actor.key, { name: "Skattekonto AB" });
  return { key: actor.key, companyId: co.id, periodId: co.fiscal_period.id, userId: actor.userId };
}

async function upload(
  c: Co,
  bytes: Uint8Array,
  name = "Skattekonto_transaktioner.xlsx",
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  form.append("file", new File([bytes], name));
  const res = await SELF.fetch(`${BASE}${url(c, "/imports/skattekonto")}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${c.key}`, ...headers },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any, replayed: res.headers.get("Idempotent-Replayed") };
}

async function importFile(c: Co, bytes: Uint8Array) {
  const started = await upload(c, bytes);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const op = await settleOperation(c.key, started.body.data.operation_id);
  expect(op.status, JSON.stringify(op)).toBe("succeeded");
  return op.result;
}

async function balances(c: Co) {
  const tb = await call("GET", url(c, `/reports/trial-balance?period_id=${c.periodId}`), { key: c.key });
  expect(tb.status).toBe(200);
  const by = Object.fromEntries(tb.body.data.accounts.map((a: any) => [a.account_number, a.closing_balance]));
  return (account: string) => (by[account] as number | undefined) ?? 0;
}

const ore = (kr: number) => Math.round(kr * 100);

/** The quarter's statement, oldest first, and what each row is booked against. */
const QUARTER: { date: string; text: string; amount: number; counter: string | "linked" }[] = [
  { date: "2026-04-08", text: "Inbetalning bokförd 260408", amount: 60000, counter: "linked" },
  { date: "2026-04-12", text: "Debiterad preliminärskatt apr 2026", amount: -15000, counter: "2518" },
  { date: "2026-04-12", text: "Arbetsgivaravgift mar 2026", amount: -9426, counter: "2731" },
  { date: "2026-04-12", text: "Avdragen skatt mar 2026", amount: -7650, counter: "2710" },
  { date: "2026-05-02", text: "Kostnadsränta", amount: -23, counter: "8423" },
  { date: "2026-05-11", text: "Inbetalning bokförd 260511", amount: 40000, counter: "1930" },
  // two rows on the last day: the statement's order decides whose saldo is the balance
  { date: "2026-05-12", text: "Intäktsränta", amount: 12, counter: "8314" },
  { date: "2026-05-12", text: "Moms jan - mar 2026", amount: -8000, counter: "2650" },
];

/** The list as the e-service shows it: a title, the header, newest first, a running saldo. */
function statementFile(rows = QUARTER): Uint8Array {
  let saldo = 0;
  const withSaldo = rows.map((r) => {
    saldo += ore(r.amount);
    return [{ date: r.date }, r.text, r.amount, saldo / 100] as Cell[];
  });
  return xlsxOf([
    ["Skattekonto 556016-0680 Skattekonto AB, transaktioner 2026-04-01 - 2026-06-30"],
    [],
    ["Bokföringsdag", "Transaktion", "Belopp", "Saldo"],
    ...withSaldo.reverse(),
  ]);
}

/** The books before the statement: Q1's VAT settled to 2650, March's salary, the bank's first payment to 1630. */
async function bookTheQuarter(c: Co) {
  await postedEntry(c.key, c.companyId, c.periodId, {
    entry_date: "2026-02-10",
    description: "Försäljning",
    lines: [line("1930", 50000, 0), line("3001", 0, 40000), line("2611", 0, 10000)],
  });
  await postedEntry(c.key, c.companyId, c.periodId, {
    entry_date: "2026-02-20",
    description: "Inköp",
    lines: [line("4010", 8000, 0), line("2641", 2000, 0), line("1930", 0, 10000)],
  });
  await postedEntry(c.key, c.companyId, c.periodId, {
    entry_date: "2026-03-31",
    description: "Momsomföring jan-mar",
    lines: [line("2611", 10000, 0), line("2641", 0, 2000), line("2650", 0, 8000)],
  });
  await postedEntry(c.key, c.companyId, c.periodId, {
    entry_date: "2026-03-25",
    description: "Lön mars",
    lines: [
      line("7010", 30000, 0),
      line("2710", 0, 7650),
      line("1930", 0, 22350),
      line("7510", 9426, 0),
      line("2731", 0, 9426),
    ],
  });
  // the accountant books the payment from the bank side: the statement row only reconciles it
  return postedEntry(c.key, c.companyId, c.periodId, {
    entry_date: "2026-04-07",
    description: "Inbetalning till skattekontot",
    lines: [line("1630", 60000, 0), line("1930", 0, 60000)],
  });
}

describe("the tax account: import, book, reconcile 1630", () => {
  it("imports a quarter's list, books or links every row, and reconciles 1630 to zero", async () => {
    const c = await company();
    const bankPayment = await bookTheQuarter(c);
    const before = await balances(c);

    const first = await importFile(c, statementFile());
    expect(first).toMatchObject({
      format_detected: "xlsx",
      rows_inserted: 8,
      rows_skipped_duplicate: 0,
      earliest_date: "2026-04-08",
      latest_date: "2026-05-12",
      closing_balance: 59913,
    });
    // the same file again: every row is a duplicate, nothing stored
    const again = await importFile(c, statementFile());
    expect(again).toMatchObject({ rows_inserted: 0, rows_skipped_duplicate: 8 });
    // under one Idempotency-Key the upload is one operation: the retry answers the first's
    const key = { "Idempotency-Key": `skv-${c.companyId}` };
    const once = await upload(c, statementFile(), "Skattekonto_transaktioner.xlsx", key);
    const retry = await upload(c, statementFile(), "Skattekonto_transaktioner.xlsx", key);
    expect([once.status, retry.status, retry.replayed]).toEqual([202, 202, "true"]);
    expect(retry.body.data.operation_id).toBe(once.body.data.operation_id);
    expect((await settleOperation(c.key, once.body.data.operation_id)).result.rows_inserted).toBe(0);
    expect(
      await countOf("SELECT COUNT(*) AS n FROM reconciliation_tax_account_rows WHERE company_id = ?", c.companyId),
    ).toBe(8);

    const listed = await call("GET", url(c, "/reconciliation/skattekonto/transactions"), { key: c.key });
    expect(listed.body.data.transactions.map((t: any) => [t.description, t.kind, t.status, t.source])).toEqual([
      ["Inbetalning bokförd 260408", "payment", "suggested", "file"],
      ["Debiterad preliminärskatt apr 2026", "preliminary_tax", "suggested", "file"],
      ["Arbetsgivaravgift mar 2026", "employer_contributions", "suggested", "file"],
      ["Avdragen skatt mar 2026", "withheld_tax", "suggested", "file"],
      ["Kostnadsränta", "cost_interest", "suggested", "file"],
      ["Inbetalning bokförd 260511", "payment", "suggested", "file"],
      ["Intäktsränta", "income_interest", "suggested", "file"],
      ["Moms jan - mar 2026", "vat", "suggested", "file"],
    ]);

    // a dry run shows the whole result and writes nothing
    const dry = await write(
      c.key,
      "POST",
      url(c, "/reconciliation/skattekonto/book-suggested"),
      { date_to: "2026-06-30" },
      {
        "X-Dry-Run": "true",
      },
    );
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data.booked).toHaveLength(7);
    expect(await countOf("SELECT COUNT(*) AS n FROM reconciliation_links WHERE company_id = ?", c.companyId)).toBe(0);

    const res = await write(c.key, "POST", url(c, "/reconciliation/skattekonto/book-suggested"), {
      date_to: "2026-06-30",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { linked, booked, left } = res.body.data;
    expect(left).toEqual([]);
    // the first payment is the bank's entry already on 1630: linked, not booked twice
    expect(linked).toHaveLength(1);
    expect(linked[0].journal_entry_id).toBe(bankPayment.id);
    const rowsByText = new Map(listed.body.data.transactions.map((t: any) => [t.description, t.id]));
    expect(linked[0].id).toBe(rowsByText.get("Inbetalning bokförd 260408"));
    // every other row: one entry, dated the row's date, 1630 against its counterpart
    expect(booked.map((b: any) => [b.description, b.counter_account])).toEqual(
      QUARTER.filter((r) => r.counter !== "linked").map((r) => [r.text, r.counter]),
    );
    for (const b of booked) {
      const entry = await call("GET", url(c, `/journal-entries/${b.journal_entry_id}`), { key: c.key });
      const row = QUARTER.find((r) => r.text === b.description)!;
      expect(entry.body.data.entry_date).toBe(row.date);
      const lines = entry.body.data.lines.map((l: any) => [l.account_number, l.debit_amount, l.credit_amount]);
      const kr = Math.abs(row.amount);
      expect(lines).toEqual(
        row.amount > 0
          ? [
              ["1630", kr, 0],
              [row.counter, 0, kr],
            ]
          : [
              ["1630", 0, kr],
              [row.counter, kr, 0],
            ],
      );
    }
    // voucher numbers: the five entries before, then one per booked row in the statement's order
    expect(booked.map((b: any) => b.voucher)).toEqual(["A6", "A7", "A8", "A9", "A10", "A11", "A12"]);

    // the books against figures from the statement
    const after = await balances(c);
    const sum = (pred: (r: (typeof QUARTER)[number]) => boolean) =>
      QUARTER.filter(pred).reduce((s, r) => s + ore(r.amount), 0) / 100;
    const statementSaldo = sum(() => true);
    expect(statementSaldo).toBe(59913);
    expect(after("1630")).toBe(statementSaldo);
    expect(after("2650")).toBe(before("2650") - sum((r) => r.counter === "2650")); // -8000 + 8000
    expect(after("2650")).toBe(0);
    expect(after("2710")).toBe(0);
    expect(after("2731")).toBe(0);
    expect(after("2518")).toBe(15000);
    expect(after("8423")).toBe(23);
    expect(after("8314")).toBe(-12);
    // 1930: the second payment is booked from the statement (no bank entry for it); the first only once
    expect(after("1930")).toBe(before("1930") - 40000);

    const recon = await call(
      "GET",
      url(c, "/reconciliation/accounts/skattekonto?date_from=2026-01-01&date_to=2026-06-30"),
      { key: c.key },
    );
    expect(recon.status).toBe(200);
    expect(recon.body.data).toMatchObject({
      external_balance: 59913,
      ledger_balance: 59913,
      difference: 0,
      unexplained_difference: 0,
      is_reconciled: true,
      counts: { proposed: 0, unmatched_external: 0, unmatched_ledger: 0, matched: 16 },
    });

    // a second run has nothing left to do
    const rerun = await write(c.key, "POST", url(c, "/reconciliation/skattekonto/book-suggested"), {
      date_to: "2026-06-30",
    });
    expect(rerun.body.data).toMatchObject({ linked: [], booked: [], left: [] });
    // a booked row is not booked again
    const twice = await write(
      c.key,
      "POST",
      url(c, `/reconciliation/skattekonto/transactions/${booked[0].id}/book`),
      {},
    );
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("TAX_ACCOUNT_ROW_ALREADY_BOOKED");
    expect(twice.body.error.details.reason).toBe("booked");
    // nor deleted: the row is its entry's source
    const del = await write(c.key, "DELETE", url(c, `/reconciliation/skattekonto/transactions/${booked[0].id}`));
    expect([del.status, del.body.error.code, del.body.error.details.reason]).toEqual([409, "CONFLICT", "booked"]);
    const states = (await call("GET", url(c, "/reconciliation/skattekonto/transactions"), { key: c.key })).body.data
      .transactions;
    expect(states.map((t: any) => t.status)).toEqual([
      "linked",
      "booked",
      "booked",
      "booked",
      "booked",
      "booked",
      "booked",
      "booked",
    ]);
  });

  it("refuses a file with a bad row, naming each by line and reason, and stores nothing", async () => {
    const c = await company();
    const bad = xlsxOf([
      ["Bokföringsdag", "Transaktion", "Belopp", "Saldo"],
      [{ date: "2026-04-12" }, "Debiterad preliminärskatt apr 2026", -15000, -15000],
      ["2026-02-30", "Moms jan 2026", -100, -15100],
      [{ date: "2026-04-13" }, "Kostnads\u202eränta", -1, -15101],
      [{ date: "2026-04-14" }, "Kostnadsränta", "tio", -15111],
    ]);
    const res = await upload(c, bad);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    expect(res.body.error.details.reason).toBe("TAX_ACCOUNT_FILE_ROWS_INVALID");
    expect(res.body.error.details.rows).toEqual([
      { line: 3, reason: 'bokföringsdag "2026-02-30" is not a real date' },
      { line: 4, reason: "the transaction text: bidirectional control character U+202E is not allowed" },
      { line: 5, reason: 'belopp "tio" is not an amount in kronor and öre' },
    ]);
    const notAList = await upload(c, new TextEncoder().encode("Datum;Mottagare\n2026-04-12;x\n"), "x.csv");
    expect(notAList.status).toBe(400);
    expect(notAList.body.error.details.reason).toBe("TAX_ACCOUNT_FILE_UNRECOGNISED");
    expect(
      await countOf("SELECT COUNT(*) AS n FROM reconciliation_tax_account_rows WHERE company_id = ?", c.companyId),
    ).toBe(0);
    expect(await countOf("SELECT COUNT(*) AS n FROM operations WHERE company_id = ?", c.companyId)).toBe(0);
  });

  it("reads the CSV form, and books a row whose text names no counterpart only with an account", async () => {
    const c = await company();
    const csv = new TextEncoder().encode(
      "Bokföringsdag;Transaktion;Belopp;Saldo\n2026-05-02;Kostnadsränta;-0,75;-0,75\n2026-05-03;Slutlig skatt 2025;-2 500,00;-2 500,75\n2026-05-04;Kostnadsränta;-1,25;-2 502,00\n",
    );
    const started = await upload(c, csv, "skattekonto.csv");
    expect(started.status).toBe(202);
    const op = await settleOperation(c.key, started.body.data.operation_id);
    expect(op.result).toMatchObject({ format_detected: "csv", rows_inserted: 3, closing_balance: -2502 });
    const rows = (await call("GET", url(c, "/reconciliation/skattekonto/transactions"), { key: c.key })).body.data
      .transactions;
    expect(rows.map((r: any) => [r.kind, r.status, r.suggested_account])).toEqual([
      ["cost_interest", "suggested", "8423"],
      ["other", "needs_account", null],
      ["cost_interest", "suggested", "8423"],
    ]);
    // the books are locked through 2 May: that day's row is left for the client, not the batch refused
    const lock = await write(c.key, "POST", url(c, `/fiscal-periods/${c.periodId}/lock`), { lock_date: "2026-05-02" });
    expect(lock.status, JSON.stringify(lock.body)).toBe(200);
    const all = await write(c.key, "POST", url(c, "/reconciliation/skattekonto/book-suggested"), {
      date_to: "2026-05-31",
    });
    expect(all.body.data.booked.map((b: any) => b.counter_account)).toEqual(["8423"]);
    expect(all.body.data.left).toEqual([
      {
        id: rows[0].id,
        description: "Kostnadsränta",
        amount: -0.75,
        reason: "period_locked",
        bank_transaction_id: null,
      },
      {
        id: rows[1].id,
        description: "Slutlig skatt 2025",
        amount: -2500,
        reason: "no_known_counter_account",
        bank_transaction_id: null,
      },
    ]);
    const noAccount = await write(
      c.key,
      "POST",
      url(c, `/reconciliation/skattekonto/transactions/${rows[1].id}/book`),
      {},
    );
    expect(noAccount.status).toBe(400);
    expect(noAccount.body.error.details.fields[0].path).toBe("account");
    const booked = await write(c.key, "POST", url(c, `/reconciliation/skattekonto/transactions/${rows[1].id}/book`), {
      account: "2512",
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.data).toMatchObject({ counter_account: "2512", amount: -2500, kind: "other" });
    const b = await balances(c);
    expect([b("1630"), b("2512"), b("8423")]).toEqual([-2501.25, 2500, 1.25]);
  });

  it("shows the charges the books predict as upcoming items until the statement's rows meet them", async () => {
    const c = await company();
    // Q1's VAT settled to 2650: 8 000 to pay, due 12 May 2026 (a Tuesday)
    await postedEntry(c.key, c.companyId, c.periodId, {
      entry_date: "2026-02-10",
      description: "Försäljning",
      lines: [line("1930", 50000, 0), line("3001", 0, 40000), line("2611", 0, 10000)],
    });
    await postedEntry(c.key, c.companyId, c.periodId, {
      entry_date: "2026-02-20",
      description: "Inköp",
      lines: [line("4010", 8000, 0), line("2641", 2000, 0), line("1930", 0, 10000)],
    });
    const transfer = await postedEntry(c.key, c.companyId, c.periodId, {
      entry_date: "2026-03-31",
      description: "Momsomföring jan-mar",
      lines: [line("2611", 10000, 0), line("2641", 0, 2000), line("2650", 0, 8000)],
    });
    // March's salary, paid 25 March: 35 000, table 33 column 1 -> 7 134 withheld; 31.42 % -> 10 997.
    // Paid with the declaration by the 12th of April, a Sunday in 2026: Monday 13 April.
    const f = { actor: { key: c.key, keyId: "", userId: c.userId }, companyId: c.companyId };
    const anna = await hire(f, {
      first_name: "Anna",
      last_name: "Andersson",
      personnummer: "198503121231",
      salary_type: "monthly",
      monthly_salary: 35000,
      tax_table_number: 33,
    });
    const run = await write(c.key, "POST", url(c, "/salary-runs"), {
      period_year: 2026,
      period_month: 3,
      payment_date: "2026-03-25",
    });
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    const R = (p = "") => url(c, `/salary-runs/${run.body.data.id}${p}`);
    expect((await write(c.key, "POST", R("/employees"), { employees: [{ employee_id: anna.id }] })).status).toBe(200);
    for (const step of ["/calculate", "/approve"]) expect((await write(c.key, "POST", R(step))).status).toBe(200);
    expect((await write(c.key, "POST", R("/mark-paid"), {})).status).toBe(200);
    const booked = await write(c.key, "POST", R("/book"));
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);

    const upcoming = async (dateTo: string) => {
      const res = await call(
        "GET",
        url(c, `/reconciliation/accounts/skattekonto/items?date_from=2026-01-01&date_to=${dateTo}&bucket=upcoming`),
        { key: c.key },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.items.map((i: any) => [i.item_type, i.date, i.description, i.amount, i.awaiting_external]);
    };
    // before the statement: three charges, dated their due dates
    expect(await upcoming("2026-04-05")).toEqual([
      ["expected_charge", "2026-04-13", "Väntad debitering: arbetsgivaravgifter 2026-03", -10997, true],
      ["expected_charge", "2026-04-13", "Väntad debitering: avdragen skatt 2026-03", -7134, true],
      ["expected_charge", "2026-05-12", "Väntad debitering: moms 2026-Q1", -8000, true],
    ]);
    const detail = await call(
      "GET",
      url(c, "/reconciliation/accounts/skattekonto?date_from=2026-01-01&date_to=2026-04-05"),
      { key: c.key },
    );
    expect(detail.body.data.skattekonto.expected_charges[2]).toEqual({
      kind: "vat",
      source: "vat_settlement",
      reference: transfer.id,
      period: "2026-Q1",
      booked_on: "2026-03-31",
      due_date: "2026-05-12",
      amount: -8000,
    });
    // the upcoming charges are on neither side: they are no part of the difference
    expect(detail.body.data.bridge.reduce((s: number, b: any) => s + b.amount, 0)).toBe(0);

    // April's statement arrives: the AGI's two charges are met, the VAT is still to come
    const reg = await write(c.key, "POST", url(c, "/reconciliation/skattekonto/transactions"), {
      transactions: [
        { date: "2026-04-13", description: "Arbetsgivaravgift mar 2026", amount: -10997, balance_after: -10997 },
        { date: "2026-04-13", description: "Avdragen skatt mar 2026", amount: -7134, balance_after: -18131 },
      ],
    });
    expect(reg.status).toBe(201);
    expect(await upcoming("2026-04-30")).toEqual([
      ["expected_charge", "2026-05-12", "Väntad debitering: moms 2026-Q1", -8000, true],
    ]);
    // booked against 2731 and 2710, the account reconciles with the VAT charge still upcoming
    const all = await write(c.key, "POST", url(c, "/reconciliation/skattekonto/book-suggested"), {
      date_to: "2026-04-30",
    });
    expect(all.body.data.booked.map((b: any) => b.counter_account)).toEqual(["2731", "2710"]);
    const after = await call(
      "GET",
      url(c, "/reconciliation/accounts/skattekonto?date_from=2026-01-01&date_to=2026-04-30"),
      { key: c.key },
    );
    expect(after.body.data).toMatchObject({ external_balance: -18131, ledger_balance: -18131, is_reconciled: true });
    const b = await balances(c);
    expect([b("2710"), b("2731"), b("2650")]).toEqual([0, 0, -8000]);
  });

  it("leaves a payment whose bank row is not booked yet, and links it once the bank side books it to 1630", async () => {
    const c = await company();
    const reg = await write(c.key, "POST", url(c, "/reconciliation/skattekonto/transactions"), {
      transactions: [
        { date: "2026-05-11", description: "Inbetalning bokförd 260511", amount: 40000, balance_after: 40000 },
      ],
    });
    const rowId = reg.body.data.transaction_ids[0];
    const ingest = await write(c.key, "POST", url(c, "/transactions/ingest"), {
      settlement_account: "1930",
      transactions: [
        { external_id: `skv-${c.companyId}`, date: "2026-05-08", description: "Skatteverket", amount: -40000 },
      ],
    });
    expect(ingest.status, JSON.stringify(ingest.body)).toBe(200);
    const txId = ingest.body.data.transaction_ids[0];

    const first = await write(c.key, "POST", url(c, "/reconciliation/skattekonto/book-suggested"), {
      date_to: "2026-05-31",
    });
    expect(first.body.data).toMatchObject({ linked: [], booked: [] });
    expect(first.body.data.left).toEqual([
      {
        id: rowId,
        description: "Inbetalning bokförd 260511",
        amount: 40000,
        reason: "unbooked_bank_transaction",
        bank_transaction_id: txId,
      },
    ]);
    expect((await balances(c))("1630")).toBe(0);

    // the accountant books the bank's row to 1630; the statement row then only reconciles it
    const cat = await write(c.key, "POST", url(c, `/transactions/${txId}/categorize`), { category: "tax_account" });
    expect(cat.status, JSON.stringify(cat.body)).toBe(200);
    const second = await write(c.key, "POST", url(c, "/reconciliation/skattekonto/book-suggested"), {
      date_to: "2026-05-31",
    });
    expect(second.body.data.linked.map((l: any) => l.id)).toEqual([rowId]);
    expect(second.body.data.booked).toEqual([]);
    const b = await balances(c);
    expect([b("1630"), b("1930")]).toEqual([40000, -40000]);
    const recon = await call(
      "GET",
      url(c, "/reconciliation/accounts/skattekonto?date_from=2026-01-01&date_to=2026-05-31"),
      { key: c.key },
    );
    expect(recon.body.data).toMatchObject({ external_balance: 40000, ledger_balance: 40000, is_reconciled: true });
  });
});
