// Issue #34: what bank files carry in. An impossible date is rejected per row (and the database
// refuses one in any journal entry), file text obeys the JSON API's text rule and limits, a
// malformed date_to on the reconciliation detail is a 400, and rows dated in a locked period are
// imported unbooked with a warning while the ledger refuses to book them.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { camt053, importBankFile } from "../bank-helpers";
import { BASE, call, companyFixture, createDraft, newActor, newCompany, settleOperation, write } from "../helpers";
import { booksDb } from "../books";

const IBAN = "SE4550000000058398257466";
const YEAR_2026 = {
  first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" },
  fiscal_year_start_month: 1,
};

async function storedRows(companyId: string) {
  return (
    await booksDb
      .prepare("SELECT id, date, description FROM bank_transactions WHERE company_id = ? ORDER BY date, rowid")
      .bind(companyId)
      .all<{ id: string; date: string; description: string }>()
  ).results;
}

async function importCsv(key: string, companyId: string, csv: string) {
  const form = new FormData();
  form.append("file", new File([new TextEncoder().encode(csv)], "transaktioner.csv"));
  form.append("settlement_account", "1930");
  form.append("format", "swedbank");
  const res = await SELF.fetch(`${BASE}/api/v1/companies/${companyId}/imports/bank`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}` },
    body: form,
  });
  const started = (await res.json()) as any;
  expect(res.status, JSON.stringify(started)).toBe(202);
  return settleOperation(key, started.data.operation_id);
}

describe("an impossible date in a bank file", () => {
  const f = companyFixture({ name: "Datum AB", ...YEAR_2026 });

  it("camt.053: the 2026-02-30 entry is rejected with its line and reason; no voucher can carry it", async () => {
    const file = camt053({
      iban: IBAN,
      currency: "SEK",
      opening: 1000,
      entries: [
        { ref: "D-1", date: "2026-02-27", amount: -100, text: "Hyra" },
        { ref: "D-2", date: "2026-02-30", amount: -200, text: "Omöjlig dag" },
      ],
    });
    const op = await importBankFile(f.actor.key, f.companyId, file, "1930");
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    expect(op.result).toMatchObject({ rows_inserted: 1, rows_rejected: 1 });
    expect(op.result.rejected).toEqual([
      { line: null, record: "Stmt[1]/Ntry[2]", reason: 'booking_date "2026-02-30" is not a real calendar date' },
    ]);
    const rows = await storedRows(f.companyId);
    expect(rows.map((r) => r.date)).toEqual(["2026-02-27"]);
  });

  it("the database refuses a journal entry dated 2026-02-30, on insert and on update", async () => {
    const draft = await createDraft(f.actor.key, f.companyId, f.periodId, { entry_date: "2026-02-27" });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const id = draft.body.data.id;
    await expect(
      booksDb.prepare("UPDATE journal_entries SET entry_date = '2026-02-30' WHERE id = ?").bind(id).run(),
    ).rejects.toThrow(/not a real calendar date/);
    const cols = (await booksDb.prepare("PRAGMA table_info(journal_entries)").all<{ name: string }>()).results.map(
      (c) => c.name,
    );
    const select = cols.map((c) => (c === "id" ? "'je_impossible'" : c === "entry_date" ? "'2026-02-30'" : c));
    for (const bad of ["2026-02-30", "2026-13-01", "20260227", "2026-2-7"]) {
      const sql = `INSERT INTO journal_entries (${cols.join(", ")}) SELECT ${select.join(", ").replace("'2026-02-30'", `'${bad}'`)} FROM journal_entries WHERE id = ?`;
      await expect(booksDb.prepare(sql).bind(id).run(), bad).rejects.toThrow(/not a real calendar date/);
    }
    const leap = select.map((s) => (s === "'2026-02-30'" ? "'2028-02-29'" : s));
    await booksDb
      .prepare(
        `INSERT INTO journal_entries (${cols.join(", ")}) SELECT ${leap.join(", ")} FROM journal_entries WHERE id = ?`,
      )
      .bind(id)
      .run();
  });
});

describe("bank file text obeys the JSON API's text rule and limits", () => {
  const f = companyFixture({ name: "Text AB", ...YEAR_2026 });
  const HEADER =
    "Radnummer,Clearingnummer,Kontonummer,Produkt,Valuta,Bokföringsdag,Transaktionsdag,Valutadag,Referens,Beskrivning,Belopp,Bokfört saldo";
  const row = (n: number, date: string, description: string) =>
    `${n},8327-9,123 456 789-0,"Företagskonto",SEK,${date},${date},${date},"ref ${n}","${description}",-10.00,`;

  it("NUL, ESC and a bidi override are removed, a 200 000-character description is cut to 1000, each named", async () => {
    const csv = [
      HEADER,
      row(1, "2026-03-02", "Hyra\u0000 mars\u001b[2J \u202Egnirts\u202C"),
      row(2, "2026-03-03", "B".repeat(200_000)),
    ].join("\n");
    const op = await importCsv(f.actor.key, f.companyId, csv);
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    expect(op.result).toMatchObject({ rows_inserted: 2, rows_rejected: 0 });
    const rows = await storedRows(f.companyId);
    expect(rows[0].description).toBe("Hyra  mars [2J gnirts");
    expect(rows[1].description).toBe("B".repeat(1000));
    expect(op.result.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/characters removed .* on 1 row\(s\): line 2$/),
        "text cut to the API's length limit on 1 row(s): line 3 description (200000 characters)",
      ]),
    );
    // what is stored reads back through the API and passes the JSON rule
    const listed = await call("GET", `/api/v1/companies/${f.companyId}/transactions`, { key: f.actor.key });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toMatch(/\\u0000|\\u001b|\u202e/i);
  });
});

describe("the reconciliation detail's dates", () => {
  const f = companyFixture({ name: "Avstämning AB", ...YEAR_2026 });

  it("a malformed date_to or date_from is 400 VALIDATION_ERROR naming it, not a 500", async () => {
    for (const [param, value] of [
      ["date_to", "2026-13-45"],
      ["date_to", "yesterday"],
      ["date_from", "2026-02-30"],
    ]) {
      const res = await call(
        "GET",
        `/api/v1/companies/${f.companyId}/reconciliation/accounts/bank:1930?${param}=${value}`,
        {
          key: f.actor.key,
        },
      );
      expect(res.status, `${param}=${value}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
      expect(JSON.stringify(res.body.error.details)).toContain(param);
    }
  });
});

describe("bank rows dated in a locked period", () => {
  it("are imported unbooked with a warning; categorising is refused, ignoring is allowed", async () => {
    const actor = await newActor();
    const c = await newCompany(actor.key, {
      name: "Låst import AB",
      first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
      fiscal_year_start_month: 1,
    });
    const url = (p: string) => `/api/v1/companies/${c.id}${p}`;
    const lock = await write(actor.key, "POST", url(`/fiscal-periods/${c.fiscal_period.id}/lock`));
    expect(lock.status, JSON.stringify(lock.body)).toBe(200);

    const file = camt053({
      iban: IBAN,
      currency: "SEK",
      opening: 1000,
      entries: [
        { ref: "L-1", date: "2025-06-02", amount: -150, text: "Bankavgift juni" },
        { ref: "L-2", date: "2025-06-03", amount: -50, text: "Bankavgift" },
      ],
    });
    const op = await importBankFile(actor.key, c.id, file, "1930");
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    expect(op.result.rows_inserted).toBe(2);
    expect(op.result.warnings).toContain(
      "2 row(s) dated 2025-06-02 to 2025-06-03 fall in the fiscal period 2025-01-01 to 2025-12-31, locked: imported unbooked; categorising them is refused (PERIOD_LOCKED) while the period is locked, ignoring them is allowed",
    );
    const rows = await storedRows(c.id);
    const [first, second] = rows;
    const booked = await write(actor.key, "POST", url(`/transactions/${first.id}/categorize`), {
      category: "bank_fees",
      confirm_no_match: true,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(400);
    expect(booked.body.error.code).toBe("PERIOD_LOCKED");
    expect(
      await booksDb.prepare("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?").bind(c.id).first("n"),
    ).toBe(0);
    expect((await write(actor.key, "POST", url(`/transactions/${second.id}/ignore`))).status).toBe(200);
  });
});
