import { beforeAll, describe, expect, it } from "vitest";
import { database } from "../../src/db/client";
import { accountBalanceThrough } from "../../src/ledger/queries";
import { encodeCp437 } from "../../src/sweden/sie/encoding";
import { call, line, newActor, newCompany, postedEntry, settleOperation, uniqueKey, type Actor } from "../helpers";
import { booksDb, homeEnv } from "../books";

const SIE = [
  "#FLAGGA 0",
  "#FORMAT PC8",
  "#SIETYP 4",
  '#PROGRAM "Handskrivet" 1.0',
  "#GEN 20250110",
  '#FNAMN "Saldo AB"',
  "#RAR 0 20250101 20251231",
  "#IB 0 1930 25000.00",
  "#IB 0 2081 -25000.00",
  "#UB 0 1930 36150.00",
  "#UB 0 1931 1000.00",
  "#UB 0 2081 -25000.00",
  "#UB 0 2611 -2500.00",
  "#RES 0 3001 -10000.00",
  "#RES 0 6110 350.00",
  '#VER A 1 20250315 "Försäljning kontant"',
  "{",
  "#TRANS 1930 {} 12500.00",
  "#TRANS 3001 {} -10000.00",
  "#TRANS 2611 {} -2500.00",
  "}",
  '#VER A 2 20250320 "Pennor"',
  "{",
  "#TRANS 6110 {} 350.00",
  "#TRANS 1930 {} -350.00",
  "}",
  '#VER B 1 20250401 "Överföring"',
  "{",
  "#TRANS 1931 {} 1000.00",
  "#TRANS 1930 {} -1000.00",
  "}",
].join("\r\n");

const b64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));

/** The figures as they were read before issue #33: the posted lines of the period, summed. */
async function fromLines(companyId: string, periodId: string, account: string, through: string) {
  const row = await booksDb
    .prepare(
      `SELECT COUNT(l.id) AS n, COALESCE(SUM(l.debit_ore), 0) AS d, COALESCE(SUM(l.credit_ore), 0) AS c
     FROM journal_entries e JOIN journal_lines l ON l.journal_entry_id = e.id
     WHERE e.company_id = ? AND e.fiscal_period_id = ? AND e.status = 'posted' AND e.entry_date <= ? AND l.account_number = ?`,
    )
    .bind(companyId, periodId, through, account)
    .first<{ n: number; d: number; c: number }>();
  return { lineCount: row!.n, debitOre: row!.d, creditOre: row!.c, balanceOre: row!.d - row!.c };
}

describe("an account's balance through a date", () => {
  let actor: Actor;
  let companyId = "";
  let periodId = "";
  beforeAll(async () => {
    actor = await newActor();
    const c = await newCompany(actor.key, {
      name: "Saldo AB",
      first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
    });
    companyId = c.id;
    periodId = c.fiscal_period.id;
    const started = await call("POST", `/api/v1/companies/${companyId}/imports/sie`, {
      key: actor.key,
      body: { file_base64: b64(encodeCp437(SIE)), file_name: "saldo.se" },
    });
    expect(started.status).toBe(202);
    expect((await settleOperation(actor.key, started.body.data.operation_id)).status).toBe("succeeded");
    // after the import: a posted entry in June, a draft and a cancelled draft that touch 1930
    await postedEntry(actor.key, companyId, periodId, {
      entry_date: "2025-06-10",
      lines: [line("1930", 500, 0), line("3001", 0, 400), line("2611", 0, 100)],
    });
    const draft = (date: string) =>
      call("POST", `/api/v1/companies/${companyId}/journal-entries`, {
        key: actor.key,
        headers: { "Idempotency-Key": uniqueKey() },
        body: {
          fiscal_period_id: periodId,
          entry_date: date,
          description: "Utkast",
          lines: [line("1930", 9000, 0), line("3001", 0, 9000)],
        },
      });
    expect((await draft("2025-03-16")).status).toBe(201);
    const cancelled = await draft("2025-03-17");
    const cancel = await call(
      "POST",
      `/api/v1/companies/${companyId}/journal-entries/${cancelled.body.data.id}/cancel`,
      {
        key: actor.key,
        headers: { "Idempotency-Key": uniqueKey() },
      },
    );
    expect(cancel.status).toBe(200);
  });

  it("is the opening balance plus the posted lines through the date, counted line by line", async () => {
    const db = database(await homeEnv(companyId));
    expect(await accountBalanceThrough(db, companyId, "1930", "2025-04-30")).toEqual({
      periodId,
      balanceOre: 3_615_000,
      // the opening line and three vouchers' lines
      lineCount: 4,
      debitOre: 3_750_000,
      creditOre: 135_000,
      periodStart: "2025-01-01",
    });
    expect((await accountBalanceThrough(db, companyId, "1930", "2025-12-31")).balanceOre).toBe(3_665_000);
    // before the year: no period, nothing
    expect(await accountBalanceThrough(db, companyId, "1930", "2024-12-31")).toMatchObject({
      periodId: null,
      balanceOre: 0,
      lineCount: 0,
    });
  });

  it("equals the sums of the lines for every account and date", async () => {
    const db = database(await homeEnv(companyId));
    for (const account of ["1930", "1931", "2081", "2611", "3001", "6110", "7010"])
      for (const through of [
        "2025-01-01",
        "2025-03-15",
        "2025-03-19",
        "2025-04-01",
        "2025-06-09",
        "2025-06-10",
        "2025-12-31",
      ]) {
        const got = await accountBalanceThrough(db, companyId, account, through);
        expect({ account, through, ...got }).toEqual({
          account,
          through,
          periodId,
          periodStart: "2025-01-01",
          ...(await fromLines(companyId, periodId, account, through)),
        });
      }
  });
});
