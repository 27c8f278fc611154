// Which tables a batch wrote (src/writer/company-state.ts, writtenTables): what the
// company's writer drops from the state it holds after each commit. A drizzle insert,
// update or delete is read from the table it names, whatever its rows; anything else
// (raw SQL included) declares no table and counts as "every table".
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { writtenTables } from "../../src/writer/company-state";
import { accountBalances, accounts, fiscalPeriods, journalLines, webhooks } from "../../src/db/schema";
import { insertFromJson, upsertSums } from "../../src/db/json-insert";
import { chainInserts } from "../../src/ledger/chain";

const db = drizzle({} as D1Database);

describe("writtenTables", () => {
  it("names the table of an insert, an update and a delete", () => {
    expect(
      writtenTables(
        db.insert(accounts).values({
          companyId: "c",
          number: "1930",
          name: "Bank",
          type: "asset",
          isActive: true,
          k2Excluded: false,
          isCustom: false,
          createdAt: "",
          updatedAt: "",
        }),
      ),
    ).toEqual(["accounts"]);
    expect(
      writtenTables(
        db.update(fiscalPeriods).set({ lockedAt: "2026-01-31T00:00:00Z" }).where(eq(fiscalPeriods.id, "p")),
      ),
    ).toEqual(["fiscal_periods"]);
    expect(writtenTables(db.delete(webhooks).where(eq(webhooks.id, "w")))).toEqual(["webhooks"]);
  });

  it("names the target of an insert from JSON rows and of an upsert of sums, not the tables they read", () => {
    const [lines] = insertFromJson(db, journalLines, [
      {
        id: "l",
        companyId: "c",
        journalEntryId: "e",
        sortOrder: 1,
        accountNumber: "1930",
        debitOre: 1,
        creditOre: 0,
        entryDate: "2026-01-01",
      },
    ]);
    expect(writtenTables(lines)).toEqual(["journal_lines"]);
    const [sums] = upsertSums(
      db,
      accountBalances,
      [{ companyId: "c", fiscalPeriodId: "p", accountNumber: "1930", debitOre: 1, creditOre: 0 }],
      [accountBalances.companyId, accountBalances.fiscalPeriodId, accountBalances.accountNumber],
    );
    expect(writtenTables(sums)).toEqual(["account_balances"]);
  });

  it("names the table a PreparedWrite declares: a commit's chain row, one constant statement", () => {
    const links = [{ seq: 7, hash: "h7", prev: "h6", entryId: "e" }];
    const [row] = chainInserts(db, "c", links, "2026-12-06T00:00:00Z");
    expect(writtenTables(row)).toEqual(["ledger_chain"]);
    // a parked batch renders it as drizzle's statements (src/commands/parked.ts)
    expect((row as unknown as { toSQL(): unknown }).toSQL()).toEqual({
      sql: "INSERT INTO ledger_chain (company_id, seq, kind, ref_id, hash, prev_hash, chained_at) VALUES (?, ?, 'entry', ?, ?, ?, ?)",
      params: ["c", 7, "e", "h7", "h6", "2026-12-06T00:00:00Z"],
    });
    // an import's many rows stay one drizzle insert from JSON
    const many = chainInserts(db, "c", [...links, { seq: 8, hash: "h8", prev: "h7", entryId: "f" }], "t");
    expect(many.map(writtenTables)).toEqual([["ledger_chain"]]);
  });

  it("answers null (every table) for raw SQL and anything else that declares no table, never guessing from text", () => {
    expect(writtenTables(db.run(sql`UPDATE accounts SET name = 'x' WHERE company_id = 'c'`))).toBeNull();
    expect(writtenTables(db.run(sql`INSERT OR IGNORE INTO dimensions (id) VALUES ('d')`))).toBeNull();
    expect(writtenTables({})).toBeNull();
  });
});
