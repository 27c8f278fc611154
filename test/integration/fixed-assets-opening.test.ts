// Issue #40 item 8: the opening asset register of a taken-over company. The earlier program's
// closing balances are the opening entry here (the asset accounts at acquisition value, their
// accumulated depreciation); the assets are registered as of the first day with their
// accumulated depreciation, posting nothing, and the register then equals the ledger, a
// depreciation run writes off only what is left, and the annual report's notes see the opening.
// Figures from the straight-line plan by month (docs/fixed-assets.md): the residual value over
// the months of the life not yet run, rounded half up to the öre.
import { describe, expect, it } from "vitest";
import { call, companyFixture, countOf, entryLines, line, postedEntry, write } from "../helpers";

const f = companyFixture({
  name: "Övertagna AB",
  fiscal_year_start_month: 1,
  first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" },
});
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;

// A machine bought 2024-01-15 for 60 000 kr, 60 months from 2024-01: 24 months written off by
// the earlier program, 24 000 kr, as its plan said. A computer bought 2025-07-01 for 30 000 kr,
// 36 months from 2025-07: the earlier program wrote off 4 000 kr (its plan would have said
// 6 x 833.33 = 5 000): the residual 26 000 is spread over the 30 months left, not caught up.
const MACHINE = { value: 60_000, life: 60, start: "2024-01", opening: 24_000 };
const COMPUTER = { value: 30_000, life: 36, start: "2025-07", opening: 4_000 };
const monthsUsed = (start: string) => (2026 - Number(start.slice(0, 4))) * 12 + (1 - Number(start.slice(5, 7)));
/** January 2026's depreciation by the remaining plan, öre: residual / months left, half up. */
const januaryOre = (a: typeof MACHINE) => Math.round(((a.value - a.opening) * 100) / (a.life - monthsUsed(a.start)));

const register = (body: Record<string, unknown>) => write(f.actor.key, "POST", url("/fixed-assets"), body);
const entries = () => countOf("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?", f.companyId);

describe("an opening asset register for a taken-over company", () => {
  it("registers the assets as of the first day without postings, and the register equals the opening balances", async () => {
    // the opening balances: 1220 and 1224 at acquisition value, 1229 their accumulated depreciation
    const openingEquity = MACHINE.value + COMPUTER.value - MACHINE.opening - COMPUTER.opening;
    await postedEntry(f.actor.key, f.companyId, f.periodId, {
      entry_date: "2026-01-01",
      description: "Ingående balanser från tidigare program",
      lines: [
        line("1220", MACHINE.value, 0),
        line("1224", COMPUTER.value, 0),
        line("1229", 0, MACHINE.opening + COMPUTER.opening),
        line("2091", 0, openingEquity),
      ],
    });
    const before = await entries();
    const machine = await register({
      name: "Fräsmaskin",
      category: "inventarier",
      acquisition_date: "2024-01-15",
      acquisition_value: MACHINE.value,
      useful_life_months: MACHINE.life,
      depreciation_start: MACHINE.start,
      opening_accumulated_depreciation: MACHINE.opening,
    });
    expect(machine.status, JSON.stringify(machine.body)).toBe(201);
    expect(machine.body.data).toMatchObject({
      opening_date: "2026-01-01",
      opening_accumulated_depreciation: MACHINE.opening,
      acquisition_date: "2024-01-15",
      acquisition_journal_entry_id: null,
      monthly_depreciation: januaryOre(MACHINE) / 100,
    });
    const computer = await register({
      name: "Server",
      category: "datorer",
      acquisition_date: "2025-07-01",
      acquisition_value: COMPUTER.value,
      useful_life_months: COMPUTER.life,
      opening_accumulated_depreciation: COMPUTER.opening,
    });
    expect(computer.status).toBe(201);
    expect(await entries()).toBe(before);

    const reg = (await call("GET", url("/fixed-assets/register?as_of=2026-01-01"), { key: f.actor.key })).body.data;
    expect(reg.matches_ledger).toBe(true);
    expect(reg.totals).toMatchObject({ opening_value: openingEquity, additions: 0, depreciation: 0 });
    expect(reg.accounts).toEqual([
      expect.objectContaining({ account_number: "1220", register_balance: MACHINE.value, difference: 0 }),
      expect.objectContaining({ account_number: "1224", register_balance: COMPUTER.value, difference: 0 }),
      expect.objectContaining({
        account_number: "1229",
        register_balance: -(MACHINE.opening + COMPUTER.opening),
        difference: 0,
      }),
    ]);
  });

  it("a month's depreciation run writes off only what is left, and the books still equal the register", async () => {
    const res = await write(f.actor.key, "POST", url("/fixed-assets/depreciation-runs"), { period_from: "2026-01" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const janOre = januaryOre(MACHINE) + januaryOre(COMPUTER); // 1 000.00 + 866.67
    expect(janOre).toBe(100_000 + 86_667);
    expect(await entryLines(f.actor.key, f.companyId, res.body.data.journal_entry_id)).toEqual({
      "7832": [janOre / 100, 0],
      "1229": [0, janOre / 100],
    });
    const reg = (await call("GET", url("/fixed-assets/register?as_of=2026-01-31"), { key: f.actor.key })).body.data;
    expect(reg.matches_ledger).toBe(true);
    const residual = MACHINE.value + COMPUTER.value - MACHINE.opening - COMPUTER.opening;
    expect(reg.totals).toMatchObject({
      opening_value: residual,
      depreciation: janOre / 100,
      closing_value: (residual * 100 - janOre) / 100,
    });
    const acc = reg.accounts.find((a: any) => a.account_number === "1229");
    expect(acc.ledger_balance).toBe(-(MACHINE.opening + COMPUTER.opening + janOre / 100));
  });

  it("refuses an opening asset acquired inside the books, one booked again, and a plan that ran out, storing nothing", async () => {
    const rows = () => countOf("SELECT COUNT(*) AS n FROM fixed_assets WHERE company_id = ?", f.companyId);
    const before = [await rows(), await entries()];
    const base = { name: "X", category: "inventarier", acquisition_value: 1000, useful_life_months: 12 };
    for (const [body, path] of [
      [
        { ...base, acquisition_date: "2026-02-01", opening_accumulated_depreciation: 0 },
        "opening_accumulated_depreciation",
      ],
      [
        {
          ...base,
          acquisition_date: "2024-01-01",
          opening_accumulated_depreciation: 100,
          book_acquisition: true,
          counter_account: "1930",
        },
        "book_acquisition",
      ],
      [
        { ...base, acquisition_date: "2024-01-01", opening_accumulated_depreciation: 1500 },
        "opening_accumulated_depreciation",
      ],
      // 12 months from 2024-01 ended in 2024, yet 500 kr is said to be left
      [{ ...base, acquisition_date: "2024-01-01", opening_accumulated_depreciation: 500 }, "useful_life_months"],
    ] as const) {
      const res = await register(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details.fields.map((x: any) => x.path)).toContain(path);
    }
    expect([await rows(), await entries()]).toEqual(before);
  });
});
