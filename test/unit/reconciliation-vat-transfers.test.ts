// Which closed VAT period each momsomföring settles (src/domains/reconciliation/liabilities/rules.ts,
// assignVatTransfers): by the VAT accounts it empties, else by date.
import { describe, expect, it } from "vitest";
import { assignVatTransfers, PRIOR_YEAR, vatAccountNets } from "../../src/domains/reconciliation/liabilities/rules";

const nets = (pairs: [string, number][]) => new Map(pairs);
const month = (m: string, end: string, vat: [string, number][]) => ({
  id: m,
  start: `${m}-01`,
  end,
  vatNets: nets(vat),
});
// monthly filer: January 2611 250 output, February 2621 60, March 2631 6 (credits: negative)
const periods = [
  month("2026-01", "2026-01-31", [["2611", -250]]),
  month("2026-02", "2026-02-28", [["2621", -60]]),
  month("2026-03", "2026-03-31", [["2631", -6]]),
];

describe("assignVatTransfers", () => {
  it("gives a transfer to the period whose VAT accounts it empties, wherever it is dated", () => {
    const out = assignVatTransfers(periods, [
      { entryId: "jan", date: "2026-03-12", vatNets: nets([["2611", 250]]) },
      { entryId: "feb", date: "2026-02-28", vatNets: nets([["2621", 60]]) },
    ]);
    expect(Object.fromEntries(out)).toEqual({ jan: "2026-01", feb: "2026-02" });
  });

  it("else to the latest period ended by its date and not settled, else the period it falls in", () => {
    const out = assignVatTransfers(periods, [
      // January settled exactly; the next transfer (a wrong amount) dated 2026-03-31 goes to March,
      // the latest month ended by then that no transfer settled (February stays unsettled)
      { entryId: "jan", date: "2026-01-31", vatNets: nets([["2611", 250]]) },
      { entryId: "wrong", date: "2026-03-31", vatNets: nets([["2631", 5]]) },
    ]);
    expect(Object.fromEntries(out)).toEqual({ jan: "2026-01", wrong: "2026-03" });
  });

  it("takes the period a transfer is dated in when every ended one is settled", () => {
    const out = assignVatTransfers(periods.slice(0, 2), [
      { entryId: "jan", date: "2026-01-31", vatNets: nets([["2611", 250]]) },
      { entryId: "early", date: "2026-02-15", vatNets: nets([["2621", 50]]) },
    ]);
    expect(Object.fromEntries(out)).toEqual({ jan: "2026-01", early: "2026-02" });
  });

  it("gives a transfer posted twice to the same period, so the double booking shows as its difference", () => {
    const out = assignVatTransfers(periods, [
      { entryId: "first", date: "2026-01-31", vatNets: nets([["2611", 250]]) },
      { entryId: "again", date: "2026-02-28", vatNets: nets([["2611", 250]]) },
    ]);
    expect(Object.fromEntries(out)).toEqual({ first: "2026-01", again: "2026-01" });
  });

  it("gives the prior year's last transfer, emptying the VAT accounts' opening balances, to the prior year", () => {
    const out = assignVatTransfers(
      periods,
      [
        {
          entryId: "q4",
          date: "2026-02-12",
          vatNets: nets([
            ["2611", 1000],
            ["2641", -200],
          ]),
        },
        { entryId: "jan", date: "2026-02-12", vatNets: nets([["2611", 250]]) },
      ],
      nets([
        ["2611", -1000],
        ["2641", 200],
      ]),
    );
    expect(Object.fromEntries(out)).toEqual({ q4: PRIOR_YEAR, jan: "2026-01" });
  });

  it("nets a transfer's lines per VAT account, leaving 2650 and 3740 out", () => {
    const lines = [
      { account: "2611", debitOre: 25040, creditOre: 0 },
      { account: "2641", debitOre: 0, creditOre: 10030 },
      { account: "2650", debitOre: 0, creditOre: 15000 },
      { account: "3740", debitOre: 0, creditOre: 10 },
    ];
    expect(Object.fromEntries(vatAccountNets(lines))).toEqual({ "2611": 25040, "2641": -10030 });
  });
});
