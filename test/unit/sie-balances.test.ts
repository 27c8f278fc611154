// The SIE import's balances (src/domains/imports/sie-balances.ts), from files written here:
// last year's result (−Σ #RES -1 over classes 3-8) is what an unbalanced #IB 0 may lack,
// class 0 is statistics, and the previous year is kept only when its figures balance.
import { describe, expect, it } from "vitest";
import { compareWithFile, openingOf, priorYearOf, statisticalTypes } from "../../src/domains/imports/sie-balances";
import { parseSie } from "../../src/sweden/sie/parse";

const file = (...lines: string[]) =>
  parseSie(["#RAR 0 20250101 20251231", "#RAR -1 20240101 20241231", ...lines].join("\n"));
const debit = (lines: { accountNumber: string; debitOre: number; creditOre: number }[]) =>
  Object.fromEntries(lines.map((l) => [l.accountNumber, l.debitOre - l.creditOre]));

describe("openingOf: #IB 0 and the difference", () => {
  // last year: sales 5 000, rent 2 000, interest income 300 (8311), 8999 left out: a result of 3 300
  const prior = ["#RES -1 3001 -5000.00", "#RES -1 5010 2000.00", "#RES -1 8311 -300.00"];
  const result = 5000 - 2000 + 300;

  it.each([
    ["balanced", ["#IB 0 1930 1000.00", "#IB 0 2081 -1000.00"], null],
    ["lacking last year's result", ["#IB 0 1930 4300.00", "#IB 0 2081 -1000.00"], "2098"],
  ])("%s", (_n, ib, account) => {
    const o = openingOf(file(...prior, ...ib), false);
    if (account === null) expect(o.difference).toBeNull();
    else {
      expect(o.difference).toMatchObject({ account, amount: -result, prior_year_result: result });
      expect(debit(o.lines)[account]).toBe(-result * 100);
    }
    expect(o.lines.reduce((s, l) => s + l.debitOre - l.creditOre, 0)).toBe(0);
  });

  it("refuses another difference unless allowed, then books it to 2099", () => {
    const f = file(...prior, "#IB 0 1930 4000.00", "#IB 0 2081 -1000.00");
    expect(() => openingOf(f, false)).toThrow(/do not balance by 3000\.00/);
    expect(openingOf(f, true).difference).toMatchObject({ account: "2099", amount: -3000, reason: "allowed" });
  });

  it("leaves class-0 #IB out of the entry and out of the sum", () => {
    const o = openingOf(file("#IB 0 1930 1000.00", "#IB 0 2081 -1000.00", "#IB 0 0100 40.00"), false);
    expect(o.difference).toBeNull();
    expect(Object.keys(debit(o.lines))).toEqual(["1930", "2081"]);
  });
});

describe("compareWithFile", () => {
  it("compares class 0 with its #RES, and 2098 with or without the line", () => {
    const f = file(
      "#RES -1 3001 -3000.00",
      "#IB 0 1930 3000.00",
      "#UB 0 1930 3000.00",
      "#RES 0 0351 25.00",
      "#RES 0 0359 -25.00",
    );
    const opening = openingOf(f, false);
    const sums = new Map([
      ["0351", 2500],
      ["0359", -2500],
    ]);
    expect(compareWithFile(f, sums, opening)).toEqual([]);
    expect(opening.difference!.in_file_closing).toBe(false);
    const wrong = new Map([
      ["0351", 2400],
      ["0359", -2400],
    ]);
    expect(compareWithFile(f, wrong, opening).map((m) => m.account_number)).toEqual(["0351", "0359"]);
  });
});

describe("priorYearOf and statisticalTypes", () => {
  it("keeps a balanced previous year as its opening and one entry of #UB -1 less #IB -1 and #RES -1", () => {
    const warnings: string[] = [];
    const p = priorYearOf(
      file(
        "#IB -1 1930 100.00",
        "#IB -1 2081 -100.00",
        "#UB -1 1930 400.00",
        "#UB -1 2081 -100.00",
        "#RES -1 3001 -300.00",
        "#RES -1 0351 9.00",
      ),
      "imp",
      "I",
      warnings,
    )!;
    expect(warnings).toEqual([]);
    expect(p.entries.map((e) => e.sourceId)).toEqual(["imp:prior-ib", "imp:prior"]);
    expect(debit(p.entries[1].lines)).toEqual({ "1930": 30000, "3001": -30000 });
  });

  it("does not keep one whose figures do not balance, and says why", () => {
    const warnings: string[] = [];
    expect(priorYearOf(file("#UB -1 1930 400.00", "#RES -1 3001 -300.00"), "imp", "I", warnings)).toBeNull();
    expect(warnings[0]).toContain("do not balance against its #IB -1 (by 100.00)");
  });

  it("gives class 0 the kind the file gives it: #KTYP, else T from #UB, else K", () => {
    const f = file('#KONTO 0100 "A"', '#KONTO 0200 "B"', "#KTYP 0200 I", "#UB 0 0100 5.00", "#RES 0 0300 1.00");
    expect(statisticalTypes(f, ["0400"])).toEqual({ "0100": "T", "0300": "K", "0400": "K" });
  });
});
