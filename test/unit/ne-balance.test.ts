// The NE balance sheet's BAS ranges (src/sweden/ne-balance.ts), a row per field of the list
// Dans.se's "SRU-koder enligt TAX 2006" gives (BAS 2008 accounts), and the sheet's signs.
import { describe, expect, it } from "vitest";
import { neBalanceFieldOf, neBalanceSheet } from "../../src/sweden/ne-balance";

describe("NE B1-B16", () => {
  it.each([
    ["1010", "B1"],
    ["1110", "B2"],
    ["1130", "B3"],
    ["1140", "B3"],
    ["1291", "B3"],
    ["1220", "B4"],
    ["1229", "B4"],
    ["1310", "B5"],
    ["1460", "B6"],
    ["1510", "B7"],
    ["1650", "B8"],
    ["1790", "B8"],
    ["1930", "B9"],
    ["2010", "B10"],
    ["2050", "B10"],
    ["2150", "B11"],
    ["2210", "B12"],
    ["2350", "B13"],
    ["2417", "B13"],
    ["2510", "B14"],
    ["2611", "B14"],
    ["2710", "B14"],
    ["2731", "B14"],
    ["2440", "B15"],
    ["2420", "B16"],
    ["2490", "B16"],
    ["2890", "B16"],
    ["2920", "B16"],
    ["3001", null],
    ["0351", null],
  ])("%s goes to %s", (account, field) => {
    expect(neBalanceFieldOf(account)).toBe(field);
  });

  it("takes assets as debit balances, equity and liabilities as credit, and the unclosed result into B10", () => {
    const sheet = neBalanceSheet([
      { account: "1930", debitOre: 500_000, creditOre: 120_000 },
      { account: "1220", debitOre: 300_000, creditOre: 0 },
      { account: "1229", debitOre: 0, creditOre: 60_000 },
      { account: "2010", debitOre: 0, creditOre: 200_000 },
      { account: "2440", debitOre: 0, creditOre: 100_000 },
      { account: "3001", debitOre: 0, creditOre: 500_000 },
      { account: "4010", debitOre: 120_000, creditOre: 0 },
      { account: "7832", debitOre: 60_000, creditOre: 0 },
    ]);
    const by = Object.fromEntries(sheet.map((f) => [f.field, f.amountOre]));
    expect(by).toMatchObject({ B9: 380_000, B4: 240_000, B10: 200_000 + 320_000, B15: 100_000 });
    expect(by.B9 + by.B4).toBe(by.B10 + by.B15);
    // after the year-end (8999 against 2019) B10 is the same
    const closed = neBalanceSheet([
      { account: "1930", debitOre: 100_000, creditOre: 0 },
      { account: "3001", debitOre: 0, creditOre: 100_000 },
      { account: "8999", debitOre: 100_000, creditOre: 0 },
      { account: "2019", debitOre: 0, creditOre: 100_000 },
    ]);
    expect(closed.find((f) => f.field === "B10")!.amountOre).toBe(100_000);
  });
});
