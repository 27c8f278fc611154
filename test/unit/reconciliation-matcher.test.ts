// The pure matcher of reconciliation (src/domains/reconciliation/bank/matcher.ts): exact amount,
// date window, reference and counterparty; ties never chosen; hashed, not pairwise.
import { describe, expect, it } from "vitest";
import { closedVatPeriods } from "../../src/sweden/vat-periods";
import { AUTO_LINK_MIN, matchItems, scorePair, tokens } from "../../src/domains/reconciliation/bank/matcher";

const ext = (
  id: string,
  date: string,
  amountOre: number,
  text: string,
  reference: string | null = null,
  counterparty: string | null = null,
) => ({ id, date, amountOre, text, reference, counterparty });
const led = (id: string, date: string, amountOre: number, text: string) => ({ id, date, amountOre, text });

describe("scoring", () => {
  it("adds date closeness, a shared reference number and a shared counterparty word to the exact amount", () => {
    const none = tokens("Kortköp");
    expect(scorePair(0, none, tokens("Kontor"))).toEqual({ confidence: 0.7, reasons: ["same_amount", "same_date"] });
    expect(scorePair(2, none, none)).toEqual({ confidence: 0.65, reasons: ["same_amount", "date_within_2_days"] });
    expect(scorePair(4, none, none)).toEqual({ confidence: 0.55, reasons: ["same_amount", "date_within_4_days"] });
    // the OCR 0012345678 in the bank row, 12345678 in the entry's text (leading zeros dropped)
    expect(scorePair(3, tokens("BG inbetalning", "0012345678"), tokens("Faktura 12345678 Ek AB"))).toEqual({
      confidence: 0.8,
      reasons: ["same_amount", "date_within_3_days", "reference_in_text"],
    });
    expect(scorePair(0, tokens("Telia Sverige"), tokens("Telia mobil"))).toEqual({
      confidence: 0.8,
      reasons: ["same_amount", "same_date", "counterparty_in_text"],
    });
    expect(scorePair(0, tokens("Faktura 4711 Telia"), tokens("Telia faktura 4711")).confidence).toBe(1);
  });

  it("does not count payment words or short numbers as a counterparty or reference", () => {
    const t = tokens("Inbetalning Swish 123 faktura");
    expect([...t.words]).toEqual([]);
    expect([...t.numbers]).toEqual([]);
  });
});

describe("matchItems", () => {
  it("pairs an unambiguous match and marks it auto-linkable when sure", () => {
    const r = matchItems(
      [ext("t1", "2026-03-10", -49900, "Telia", null, "Telia Sverige AB")],
      [led("l1", "2026-03-10", -49900, "Telia mobil mars"), led("l2", "2026-03-10", -50000, "Telia")],
    );
    expect(r.matches).toEqual([
      {
        externalId: "t1",
        ledgerId: "l1",
        confidence: 0.8,
        reasons: ["same_amount", "same_date", "counterparty_in_text"],
        autoLink: true,
      },
    ]);
    expect(r.ambiguousExternal).toEqual([]);
  });

  it("never chooses a tie: two equal lines for one row, or two equal rows for one line", () => {
    const twoLines = matchItems(
      [ext("t1", "2026-03-10", 4000, "Ränta")],
      [led("l1", "2026-03-10", 4000, "Ränta"), led("l2", "2026-03-10", 4000, "Ränta")],
    );
    expect(twoLines.matches).toEqual([]);
    expect(twoLines.ambiguousExternal).toEqual(["t1"]);
    expect(twoLines.ambiguousLedger.sort()).toEqual(["l1", "l2"]);
    const twoRows = matchItems(
      [ext("t1", "2026-03-10", 4000, "Ränta"), ext("t2", "2026-03-10", 4000, "Ränta igen")],
      [led("l1", "2026-03-10", 4000, "Ränta")],
    );
    expect(twoRows.matches).toEqual([]);
    expect(twoRows.ambiguousExternal.sort()).toEqual(["t1", "t2"]);
  });

  it("breaks a tie by a higher score: the reference decides between two equal amounts", () => {
    const r = matchItems(
      [
        ext("t1", "2026-03-10", 125000, "BG 5555-1234", "20261001"),
        ext("t2", "2026-03-10", 125000, "BG 5555-1234", "20261002"),
      ],
      [
        led("l1", "2026-03-09", 125000, "Inbetalning faktura 20261002"),
        led("l2", "2026-03-09", 125000, "Inbetalning faktura 20261001"),
      ],
    );
    expect(r.matches.map((m) => [m.externalId, m.ledgerId, m.autoLink]).sort()).toEqual([
      ["t1", "l2", true],
      ["t2", "l1", true],
    ]);
  });

  it("frees a row for its second choice once its first choice is taken by a better pair (rounds)", () => {
    const r = matchItems(
      [ext("t1", "2026-03-10", 1000, "A"), ext("t2", "2026-03-11", 1000, "B")],
      [led("l1", "2026-03-10", 1000, "x"), led("l2", "2026-03-13", 1000, "y")],
    );
    // t1-l1 same date; t2 prefers l1 (1 day) over l2 (2 days) but l1 prefers t1; next round t2-l2
    expect(r.matches.map((m) => [m.externalId, m.ledgerId])).toEqual([
      ["t1", "l1"],
      ["t2", "l2"],
    ]);
    expect(r.matches[1].autoLink).toBe(false);
  });

  it("leaves a bank fee without a line of its amount, and a line outside the window, unmatched", () => {
    const r = matchItems(
      [ext("fee", "2026-03-10", -7500, "Bankavgift"), ext("t2", "2026-03-01", 20000, "Kund")],
      [led("l1", "2026-03-07", 20000, "Kund")],
    );
    expect(r.matches).toEqual([]);
    expect(r.candidatePairs).toBe(0);
    expect(r.ambiguousExternal).toEqual([]);
  });

  it("only scores same-amount pairs inside the window (hashed): 20 000 rows, each with its own line", () => {
    const n = 20_000;
    const rows = Array.from({ length: n }, (_, i) =>
      ext(
        `t${i}`,
        `2026-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
        10_000 + i,
        `Kund ${i}`,
      ),
    );
    const lines = rows.map((x, i) => led(`l${i}`, x.date, x.amountOre, `Faktura kund ${i}`));
    const t0 = performance.now();
    const r = matchItems(rows, lines);
    const ms = performance.now() - t0;
    expect(r.matches).toHaveLength(n);
    expect(r.candidatePairs).toBe(n);
    expect(ms).toBeLessThan(5000);
    expect(AUTO_LINK_MIN).toBe(0.8);
  });
});

// Redovisningsperioder (SFL 26 kap. 10-14 §§): calendar month, calendar quarter, or the fiscal year.
describe("closedVatPeriods", () => {
  it("gives the calendar months or quarters that have ended, clipped to a fiscal year that starts mid-quarter", () => {
    const fiscal = { start: "2026-05-01", end: "2027-04-30" };
    expect(closedVatPeriods("monthly", fiscal, "2026-07-30")).toEqual([
      { start: "2026-05-01", end: "2026-05-31" },
      { start: "2026-06-01", end: "2026-06-30" },
    ]);
    expect(closedVatPeriods("quarterly", fiscal, "2026-12-31")).toEqual([
      { start: "2026-05-01", end: "2026-06-30" },
      { start: "2026-07-01", end: "2026-09-30" },
      { start: "2026-10-01", end: "2026-12-31" },
    ]);
    expect(closedVatPeriods("quarterly", fiscal, "2027-04-30").at(-1)).toEqual({
      start: "2027-04-01",
      end: "2027-04-30",
    });
    expect(
      closedVatPeriods("monthly", { start: "2026-01-01", end: "2026-12-31" }, "2026-02-28").map((p) => p.end),
    ).toEqual(["2026-01-31", "2026-02-28"]);
  });

  it("gives the fiscal year for yearly VAT once it has ended", () => {
    expect(closedVatPeriods("yearly", { start: "2026-01-01", end: "2026-12-31" }, "2026-12-30")).toEqual([]);
    expect(closedVatPeriods("yearly", { start: "2026-01-01", end: "2026-12-31" }, "2026-12-31")).toEqual([
      { start: "2026-01-01", end: "2026-12-31" },
    ]);
  });
});
