// The one BAS classification (src/sweden/bas.ts) against BAS-kontoplanen 2026: class 1
// tillgångar, 20 eget kapital, 21-29 skulder, 3 rörelsens inkomster, 4-7 kostnader, and
// class 8 by group (80-83 financial income items, 84 räntekostnader, 85-87 free groups,
// 88 bokslutsdispositioner, 89 skatter och årets resultat).
import { describe, expect, it } from "vitest";
import {
  accountTypeOf,
  bookedResultOf,
  isBalanceAccount,
  isClosingAccount,
  isResultAccount,
  isStatisticalAccount,
  makesResult,
  resultOf,
  sieAccountTypeOf,
} from "../../src/sweden/bas";

const seed = Object.values(
  import.meta.glob("../../migrations/0001_bas_chart.sql", { query: "?raw", import: "default", eager: true }),
)[0] as string;
const seededChart = [...seed.matchAll(/\('(\d{4})', '(?:[^']|'')*', '(\w+)', [01]\)/g)].map((m) => ({
  number: m[1],
  type: m[2],
}));

describe("account types by BAS class and group", () => {
  it.each([
    ["1930", "asset", "T"], // 19 Kassa och bank
    ["2081", "equity", "S"], // 20 Eget kapital
    ["2099", "equity", "S"], // 2099 Årets resultat, the closing entry's counterpart
    ["2440", "liability", "S"], // 24 Kortfristiga skulder
    ["3001", "revenue", "I"], // 30 Huvudintäkter
    ["3740", "revenue", "I"], // 37 Intäktskorrigeringar (öresavrundning)
    ["4010", "expense", "K"],
    ["7832", "expense", "K"], // 78 Avskrivningar
    ["8012", "revenue", "I"], // 80 Resultat från andelar i koncernföretag
    ["8070", "revenue", "I"], // a write-down inside 80: the group's side, not the account's sign
    ["8111", "revenue", "I"], // 81 Resultat från andelar i intresseföretag
    ["8252", "revenue", "I"], // 82 Resultat från övriga värdepapper och långfristiga fordringar
    ["8311", "revenue", "I"], // 83 Övriga ränteintäkter och liknande resultatposter
    ["8410", "expense", "K"], // 84 Räntekostnader och liknande resultatposter
    ["8431", "expense", "K"], // valutakursvinster inside 84
    ["8510", "expense", "K"], // 85 (fri kontogrupp)
    ["8799", "expense", "K"], // 87 (fri kontogrupp)
    ["8811", "expense", "K"], // 88 Bokslutsdispositioner
    ["8910", "expense", "K"], // 89 Skatter och årets resultat
    ["8999", "expense", "K"],
  ] as const)("%s is %s (SIE #KTYP %s)", (n, type, sie) => {
    expect(accountTypeOf(n)).toBe(type);
    expect(sieAccountTypeOf(type)).toBe(sie);
  });

  it("gives every account of the seeded BAS 2026 chart the type the chart carries", () => {
    expect(seededChart.length).toBeGreaterThan(1200);
    expect(seededChart.filter((a) => accountTypeOf(a.number) !== a.type)).toEqual([]);
  });
});

describe("balance, result and closing accounts", () => {
  it("splits the chart at class 3: classes 1-2 are the balance sheet's, 3-8 the result's", () => {
    expect(["1010", "1999", "2000", "2999"].map(isBalanceAccount)).toEqual([true, true, true, true]);
    expect(["3000", "7999", "8000", "8999"].map(isBalanceAccount)).toEqual([false, false, false, false]);
  });

  it("class 0 (statistics, BAS has no accounts there) is neither balance nor result (issue #40 item 5)", () => {
    const class0 = ["0000", "0351", "0359", "0999"];
    expect(class0.every(isStatisticalAccount)).toBe(true);
    expect(class0.some(isBalanceAccount)).toBe(false);
    expect(class0.some(isResultAccount)).toBe(false);
    expect(class0.some(makesResult)).toBe(false);
    expect(["1000", "2098", "3001", "8999"].some(isStatisticalAccount)).toBe(false);
    expect(["3001", "8999"].every(isResultAccount)).toBe(true);
    // a statistical movement changes no result
    expect(resultOf([{ account: "0351", debitOre: 2_500, creditOre: 0 }]).resultOre).toBe(0);
  });

  it("leaves 8990 Resultat and 8999 Årets resultat out of the result they close", () => {
    expect(["8990", "8999"].every(isClosingAccount)).toBe(true);
    expect(["8989", "8910", "2099"].some(isClosingAccount)).toBe(false);
    expect(["3001", "8311", "8510", "8910"].every(makesResult)).toBe(true);
    expect(["1930", "2099", "8999"].some(makesResult)).toBe(false);
  });
});

describe("resultOf", () => {
  const m = (account: string, debitOre: number, creditOre: number) => ({ account, debitOre, creditOre });

  it("puts class 3 and 80-83 in revenue, 4-7 and 84-89 in expense, and leaves out balance and closing accounts", () => {
    const moves = [
      m("3001", 0, 1_000_000),
      m("8311", 0, 30_000),
      m("4010", 400_000, 0),
      m("8410", 10_000, 0),
      m("8910", 100_000, 0),
      m("1930", 520_000, 0),
      m("8999", 520_000, 0),
      m("2099", 0, 520_000),
    ];
    expect(resultOf(moves)).toEqual({ revenueOre: 1_030_000, expenseOre: 510_000, resultOre: 520_000 });
  });

  it("lets a movement against an account's side lower its column", () => {
    // a write-down on 8070 (a revenue group) and an exchange gain on 8431 (an expense group)
    expect(resultOf([m("8070", 5_000, 0), m("8431", 0, 2_000)])).toEqual({
      revenueOre: -5_000,
      expenseOre: -2_000,
      resultOre: -3_000,
    });
  });

  it("is credit less debit over the result accounts, however they are split", () => {
    let seedValue = 7;
    const next = () => (seedValue = (seedValue * 48271) % 2147483647);
    for (let round = 0; round < 50; round++) {
      const moves = Array.from({ length: 20 }, () =>
        m(String(1000 + (next() % 8000)), next() % 100_000, next() % 100_000),
      );
      const expected = moves
        .filter((x) => makesResult(x.account))
        .reduce((sum, x) => sum + x.creditOre - x.debitOre, 0);
      expect(resultOf(moves).resultOre).toBe(expected);
    }
  });
});

describe("bookedResultOf: the result already on 8990-8999 before the year-end", () => {
  const m = (account: string, debitOre: number, creditOre: number) => ({ account, debitOre, creditOre });
  const year = [m("3001", 0, 1_000_000), m("6110", 35_000, 0), m("1930", 965_000, 0)];

  it("finds nothing booked in a year without a closing entry", () => {
    expect(bookedResultOf(year)).toEqual({ resultOre: 965_000, bookedOre: 0, unbookedOre: 965_000, bookedOn: [] });
  });

  it("sees a profit booked in full: classes 3-8 net to zero with the result on 8999", () => {
    // the closing entry of a program that made the year-end: debit 8999, credit 2099
    const r = bookedResultOf([...year, m("8999", 965_000, 0), m("2099", 0, 965_000)]);
    expect(r).toEqual({
      resultOre: 965_000,
      bookedOre: 965_000,
      unbookedOre: 0,
      bookedOn: [{ account: "8999", amountOre: 965_000 }],
    });
  });

  it("sees a loss booked in full, and a result booked in part", () => {
    const loss = [m("5010", 200_000, 0), m("1930", 0, 200_000)];
    expect(bookedResultOf([...loss, m("8999", 0, 200_000), m("2099", 200_000, 0)])).toMatchObject({
      resultOre: -200_000,
      bookedOre: -200_000,
      unbookedOre: 0,
    });
    // 8990 and 8999 both count; 10 000 of the 9 650 kr profit is booked, 350 kr too much
    expect(bookedResultOf([...year, m("8990", 500_000, 0), m("8999", 500_000, 0)])).toMatchObject({
      bookedOre: 1_000_000,
      unbookedOre: -35_000,
    });
  });
});
