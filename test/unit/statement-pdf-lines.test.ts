// The lines of the printed balance sheet (statement-pdfs.ts) for entity types: only an
// aktiebolag's equity is split into bundet and fritt eget kapital (ABL's split); a sole
// trader's stays one heading. Built from the JSON builder's shape.
import { describe, expect, it } from "vitest";
import { balanceSheetLines } from "../../src/domains/reports/statement-pdfs";
import { BALANCE_ASSETS } from "../../src/sweden/report-layout";

type Sheet = Parameters<typeof balanceSheetLines>[0];
const section = (key: string, name: string, accounts: [string, string, number][]) => ({
  key,
  name,
  accounts: accounts.map(([account_number, n, amount]) => ({ account_number, name: n, amount })),
  total: accounts.reduce((t, a) => t + Math.round(a[2] * 100), 0) / 100,
});
const sheet = (equity: [string, string, number][]): Sheet =>
  ({
    as_of: "2026-12-31",
    sections: {
      assets: BALANCE_ASSETS.map((a) =>
        section(a.key, a.name, a.key === "cash_and_bank" ? [["1930", "Företagskonto", 1000]] : []),
      ),
      equity_and_liabilities: [section("equity", "Eget kapital", equity)],
    },
    totals: { assets: 1000, equity_and_liabilities: 1000, difference: 0 },
  }) as unknown as Sheet;
const texts = (lines: ReturnType<typeof balanceSheetLines>) =>
  lines.map((l) => ("text" in l ? l.text : "name" in l ? l.name : "")).filter(Boolean);

describe("the printed balance sheet's equity", () => {
  it("splits an aktiebolag's equity, and drops an unbooked result of zero", () => {
    const lines = balanceSheetLines(
      sheet([
        ["2081", "Aktiekapital", 500],
        ["2099", "Årets resultat", 500],
        ["", "Årets resultat (ej bokslutat)", 0],
      ]),
      null,
      "aktiebolag",
    );
    expect(texts(lines)).toEqual(expect.arrayContaining(["Bundet eget kapital", "Fritt eget kapital"]));
    expect(texts(lines)).not.toContain("Årets resultat (ej bokslutat)");
  });

  it("keeps a sole trader's equity as one heading, with the unbooked result while it holds something", () => {
    const lines = balanceSheetLines(
      sheet([
        ["2010", "Eget kapital", 700],
        ["", "Årets resultat (ej bokslutat)", 300],
      ]),
      null,
      "enskild_firma",
    );
    expect(texts(lines)).not.toContain("Bundet eget kapital");
    expect(texts(lines)).toEqual(
      expect.arrayContaining(["Eget kapital", "Årets resultat (ej bokslutat)", "Summa eget kapital"]),
    );
    const sum = lines.find((l) => l.kind === "sum" && l.text === "Summa eget kapital");
    expect(sum).toMatchObject({ amount: 1000, prior: null });
  });
});
