import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { journalEntries } from "../../src/db/schema";
import { entryHeaderJson } from "../../src/ledger/entry-json";
import { encodeCp437 } from "../../src/sweden/sie/encoding";
import { call, newActor, newCompany, settleOperation, uniqueKey } from "../helpers";
import { booksDb, homeD1 } from "../books";

const SIE = [
  "#FLAGGA 0",
  "#SIETYP 4",
  '#FNAMN "Händelser AB"',
  "#RAR 0 20260101 20261231",
  '#KONTO 1930 "Bank"',
  '#KONTO 3001 "Försäljning"',
  '#KONTO 2611 "Utgående moms"',
  '#KONTO 6110 "Kontorsmateriel"',
  "#IB 0 1930 1000.00",
  "#IB 0 2081 -1000.00",
  '#VER A 1 20260105 "Försäljning \\"kontant\\" åäö"',
  "{",
  "#TRANS 1930 {} 1234.56",
  "#TRANS 3001 {} -987.65",
  "#TRANS 2611 {} -246.91",
  "}",
  '#VER A 2 20260106 "Papper"',
  "{",
  "#TRANS 6110 {} 0.05",
  "#TRANS 1930 {} -0.05",
  "}",
  '#VER B 7 20260107 "Jämt"',
  "{",
  "#TRANS 6110 {} 100.00",
  "#TRANS 1930 {} -100.00",
  "}",
].join("\r\n");

describe("the events of a SIE import", () => {
  it("carry each entry's header exactly as every other write's events do, in the outbox and in a webhook's delivery", async () => {
    const actor = await newActor();
    const c = await newCompany(actor.key, {
      name: "Händelser AB",
      first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" },
    });
    const hook = await call("POST", `/api/v1/companies/${c.id}/webhooks`, {
      key: actor.key,
      headers: { "Idempotency-Key": uniqueKey() },
      body: {
        event_type: "journal_entry.committed",
        webhook_url: "https://hooks.test/sie-import-events",
        name: "import",
      },
    });
    expect(hook.status).toBe(201);
    const b64 = btoa(Array.from(encodeCp437(SIE), (b) => String.fromCharCode(b)).join(""));
    const started = await call("POST", `/api/v1/companies/${c.id}/imports/sie`, {
      key: actor.key,
      body: { file_base64: b64, file_name: "events.se" },
    });
    expect(started.status).toBe(202);
    expect((await settleOperation(actor.key, started.body.data.operation_id)).status).toBe("succeeded");

    const rows = await drizzle(await homeD1(c.id))
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.companyId, c.id))
      .all();
    // the three vouchers and the opening entry
    expect(rows).toHaveLength(4);
    const outbox = await booksDb
      .prepare(
        "SELECT id, type, object, previous_attributes, request_id FROM outbox_events WHERE company_id = ? ORDER BY id",
      )
      .bind(c.id)
      .all<any>();
    const events = outbox.results.filter((r) => r.type === "journal_entry.committed");
    expect(events).toHaveLength(4);
    const byEntry = new Map(events.map((e) => [JSON.parse(e.object).id, e]));
    for (const row of rows) {
      const event = byEntry.get(row.id);
      expect(JSON.parse(event.object)).toStrictEqual(entryHeaderJson(row));
      expect(event.previous_attributes).toBeNull();
    }
    expect(new Set(events.map((e) => e.id)).size).toBe(4);
    const totals = rows
      .map((r) => [r.voucherSeries, r.voucherNumber, JSON.parse(byEntry.get(r.id).object).total_amount])
      .sort();
    expect(totals).toEqual([
      ["A", 1, 1234.56],
      ["A", 2, 0.05],
      ["B", 7, 100],
      ["I", 1, 1000],
    ]);
    expect(
      JSON.parse(byEntry.get(rows.find((r) => r.voucherNumber === 1 && r.voucherSeries === "A")!.id).object)
        .description,
    ).toBe('Försäljning "kontant" åäö');

    // one delivery an event, its body's object the outbox's
    const deliveries = await booksDb
      .prepare("SELECT event_id, payload FROM webhook_deliveries WHERE webhook_id = ?")
      .bind(hook.body.data.id)
      .all<any>();
    expect(deliveries.results).toHaveLength(4);
    for (const d of deliveries.results) {
      const event = events.find((e) => e.id === d.event_id);
      expect(JSON.parse(d.payload).data.object).toStrictEqual(JSON.parse(event.object));
    }
  });
});
