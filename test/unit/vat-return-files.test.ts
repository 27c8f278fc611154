// The VAT return's pure parts: the eSKD file against Skatteverket's own example
// (test/fixtures/moms, a copy of shared/data/moms/skatteverket_momsexempel_eSKDUpload_v6.xml,
// SHA-256 5d9cbc7a…718e2f), the transfer entry's lines, and the VAT periods of a fiscal year.
import { describe, expect, it } from "vitest";
import example from "../fixtures/moms/skatteverket_momsexempel_eSKDUpload_v6.xml?raw";
import { eskdXml, latin1 } from "../../src/sweden/eskd";
import { declarationBoxes } from "../../src/sweden/vat-declaration";
import { vatPeriodsOfYear } from "../../src/sweden/vat-periods";
import { vatTransfer } from "../../src/sweden/vat-transfer";

// The example's boxes, as SOURCES.md maps its elements (box 49 = 225 500).
const EXAMPLE_BOXES = {
  "05": 100000,
  "06": 200000,
  "07": 300000,
  "08": 400000,
  "20": 5000,
  "21": 6000,
  "22": 7000,
  "23": 8000,
  "24": 9000,
  "50": 10000,
  "35": 11000,
  "36": 12000,
  "37": 13000,
  "38": 14000,
  "39": 15000,
  "40": 16000,
  "41": 17000,
  "42": 18000,
  "10": 200000,
  "11": 15000,
  "12": 5000,
  "30": 2500,
  "31": 1000,
  "32": 500,
  "60": 2000,
  "61": 350,
  "62": 150,
  "48": 1000,
  "49": 225500,
} as const;

describe("eSKD file (eSKDUpload 6.0)", () => {
  it("writes Skatteverket's example byte for byte from its boxes", () => {
    const bytes = latin1(
      eskdXml({ orgNumber: "599900-0465", periodEnd: "2015-07-31", boxes: EXAMPLE_BOXES, note: "Bla bla bla bla" }),
    );
    const expected = Uint8Array.from(example, (ch) => ch.charCodeAt(0));
    // the example has CRLF line ends and no line end after </eSKDUpload>: compared exactly, whitespace included
    expect(expected.includes(13)).toBe(true);
    expect(bytes).toEqual(expected);
  });

  it("leaves out the boxes that are zero, never MomsBetala, and encodes ISO-8859-1", () => {
    const xml = eskdXml({
      orgNumber: "556016-0680",
      periodEnd: "2026-03-31",
      boxes: { "05": 1000, "10": 250, "49": 0 },
    });
    expect(xml).toContain("<Period>202603</Period>");
    expect(xml).toContain("<ForsMomsEjAnnan>1000</ForsMomsEjAnnan>");
    expect(xml).toContain("<MomsBetala>0</MomsBetala>");
    expect(xml).not.toContain("MomsIngAvdr");
    expect(xml).not.toContain("TextUpplysningMoms");
    expect([...latin1("Å ä ö")]).toEqual([0xc5, 0x20, 0xe4, 0x20, 0xf6]);
    // a character outside Latin-1 becomes a character reference, never a question mark
    expect(new TextDecoder().decode(latin1("€"))).toBe("&#8364;");
  });

  it("refuses öre: the form takes whole kronor", () => {
    expect(() => eskdXml({ orgNumber: "556016-0680", periodEnd: "2026-03-31", boxes: { "49": 10.5 } })).toThrow(
      RangeError,
    );
  });
});

describe("the transfer entry (momsomföring)", () => {
  // The quarter of test/integration/vat-declaration-settlement.test.ts: 2611 C 2 500.40, 2621 C 600,
  // 2631 C 120, 2614 C 2 000, 2641 D 1 000.30, 2645 D 2 000. Box 48 = 3 000 (öre dropped), box 49 = 2 220;
  // the accounts hold 2 220.10 net: 2650 C 2 220, 3740 C 0.10.
  const balances = [
    { account: "2611", balanceOre: -250040 },
    { account: "2614", balanceOre: -200000 },
    { account: "2621", balanceOre: -60000 },
    { account: "2631", balanceOre: -12000 },
    { account: "2641", balanceOre: 100030 },
    { account: "2645", balanceOre: 200000 },
  ];

  it("moves every VAT account to 2650 in whole kronor and the öre to 3740", () => {
    const box49 = declarationBoxes(
      balances.map((b) => ({
        account: b.account,
        debitOre: Math.max(b.balanceOre, 0),
        creditOre: Math.max(-b.balanceOre, 0),
      })),
    )["49"];
    expect(box49).toBe(2220);
    const t = vatTransfer(balances, box49);
    expect(t.lines).toEqual([
      { account: "2611", debitOre: 250040, creditOre: 0 },
      { account: "2614", debitOre: 200000, creditOre: 0 },
      { account: "2621", debitOre: 60000, creditOre: 0 },
      { account: "2631", debitOre: 12000, creditOre: 0 },
      { account: "2641", debitOre: 0, creditOre: 100030 },
      { account: "2645", debitOre: 0, creditOre: 200000 },
      { account: "2650", debitOre: 0, creditOre: 222000 },
      { account: "3740", debitOre: 0, creditOre: 10 },
    ]);
    expect(t.settlementOre).toBe(222000);
    expect(t.roundingOre).toBe(10);
  });

  it("debits 2650 when VAT comes back, and 3740 when the boxes dropped more input than output öre", () => {
    // output 1 000.20 (box 10 = 1 000), input 1 500.90 (box 48 = 1 500): box 49 = -500, the accounts hold -500.70
    const t = vatTransfer(
      [
        { account: "2611", balanceOre: -100020 },
        { account: "2641", balanceOre: 150090 },
      ],
      -500,
    );
    expect(t.lines).toEqual([
      { account: "2611", debitOre: 100020, creditOre: 0 },
      { account: "2641", debitOre: 0, creditOre: 150090 },
      { account: "2650", debitOre: 50000, creditOre: 0 },
      { account: "3740", debitOre: 70, creditOre: 0 },
    ]);
    expect(t.roundingOre).toBe(-70);
  });

  it("has no lines when nothing moved", () => {
    expect(vatTransfer([{ account: "2611", balanceOre: 0 }], 0)).toEqual({
      lines: [],
      settlementOre: 0,
      roundingOre: 0,
    });
  });
});

describe("the VAT periods of a fiscal year (SFL 26 kap. 10-14 §§)", () => {
  it("names calendar quarters as the tax calendar does", () => {
    expect(vatPeriodsOfYear("quarterly", { start: "2026-01-01", end: "2026-12-31" })).toEqual([
      { start: "2026-01-01", end: "2026-03-31", label: "2026-Q1" },
      { start: "2026-04-01", end: "2026-06-30", label: "2026-Q2" },
      { start: "2026-07-01", end: "2026-09-30", label: "2026-Q3" },
      { start: "2026-10-01", end: "2026-12-31", label: "2026-Q4" },
    ]);
  });

  it("clips a quarter to a broken fiscal year, and names a yearly period after the fiscal year", () => {
    const broken = { start: "2025-05-01", end: "2026-04-30" };
    const q = vatPeriodsOfYear("quarterly", broken);
    expect(q[0]).toEqual({ start: "2025-05-01", end: "2025-06-30", label: "2025-Q2" });
    expect(q[q.length - 1]).toEqual({ start: "2026-04-01", end: "2026-04-30", label: "2026-Q2" });
    expect(vatPeriodsOfYear("yearly", broken)).toEqual([
      { start: "2025-05-01", end: "2026-04-30", label: "2025/2026" },
    ]);
    expect(vatPeriodsOfYear("monthly", broken)).toHaveLength(12);
  });
});
