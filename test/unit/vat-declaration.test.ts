// Box figures from Skatteverket's own example momsdeklaration
// (shared/data/moms/skatteverket_momsexempel_eSKDUpload_v6.xml, period 201507).
import { describe, expect, it } from "vitest";
import { boxOf, declarationBoxes, isVatSettlementEntry } from "../../src/sweden/vat-declaration";

const kr = (n: number) => n * 100;
const credit = (account: string, n: number) => ({ account, debitOre: 0, creditOre: kr(n) });
const debit = (account: string, n: number) => ({ account, debitOre: kr(n), creditOre: 0 });

describe("momsdeklaration", () => {
  it("reproduces Skatteverket's example: box 49 = 225 500", () => {
    const boxes = declarationBoxes([
      credit("3001", 100000), // 05
      credit("3401", 200000), // 06
      credit("3211", 300000), // 07
      credit("3913", 400000), // 08
      debit("4515", 5000), // 20
      debit("4535", 6000), // 21
      debit("4531", 7000), // 22
      debit("4415", 8000), // 23
      debit("4425", 9000), // 24
      debit("4545", 10000), // 50
      credit("3108", 11000), // 35
      credit("3105", 12000), // 36
      credit("3308", 15000), // 39
      credit("3305", 16000), // 40
      credit("3231", 17000), // 41
      credit("3004", 18000), // 42
      credit("2611", 200000), // 10
      credit("2621", 15000), // 11
      credit("2631", 5000), // 12
      credit("2614", 2500), // 30
      credit("2624", 1000), // 31
      credit("2634", 500), // 32
      credit("2615", 2000), // 60
      credit("2625", 350), // 61
      credit("2635", 150), // 62
      debit("2641", 1000), // 48
    ]);
    expect(boxes).toMatchObject({
      "05": 100000,
      "06": 200000,
      "07": 300000,
      "08": 400000,
      "10": 200000,
      "11": 15000,
      "12": 5000,
      "20": 5000,
      "21": 6000,
      "22": 7000,
      "23": 8000,
      "24": 9000,
      "30": 2500,
      "31": 1000,
      "32": 500,
      "35": 11000,
      "36": 12000,
      "39": 15000,
      "40": 16000,
      "41": 17000,
      "42": 18000,
      "48": 1000,
      "50": 10000,
      "60": 2000,
      "61": 350,
      "62": 150,
      "49": 225500,
    });
  });

  it("drops öre, nets debit against credit, and goes negative for a refund", () => {
    const boxes = declarationBoxes([
      { account: "3001", debitOre: 5000, creditOre: 1000099 }, // 10 000,99 - 50,00
      credit("2611", 2500),
      debit("2641", 4000),
    ]);
    expect(boxes["05"]).toBe(9950);
    expect(boxes["49"]).toBe(-1500);
  });

  it("maps BAS 2026 accounts by their names", () => {
    expect(boxOf("3002")).toEqual({ box: "05", side: "credit" });
    expect(boxOf("2645")).toEqual({ box: "48", side: "debit" });
    expect(boxOf("3521")).toEqual({ box: "35", side: "credit" });
    expect(boxOf("1930")).toBeNull();
  });
});

describe("the VAT settlement entries the declaration leaves out", () => {
  it("recognises the transfer to 2650 by what it does, with or without öresavrundning on 3740", () => {
    // the quarter's usual transfer: output VAT debited, input VAT credited, the net to 2650
    expect(isVatSettlementEntry(["2611", "2621", "2631", "2614", "2641", "2645", "2650", "3740"])).toBe(true);
    expect(isVatSettlementEntry(["2611", "2641", "2650"])).toBe(true);
    // the payment of the settled VAT, from the skattekonto or the bank
    expect(isVatSettlementEntry(["2650", "1630"])).toBe(true);
    expect(isVatSettlementEntry(["2611", "2641", "2650", "1930"])).toBe(true);
  });

  it("keeps every entry that records a taxable event or corrects one", () => {
    // a sale whose VAT was booked straight to 2650: its revenue line is a taxable event
    expect(isVatSettlementEntry(["1930", "3001", "2650"])).toBe(false);
    // a reverse-charge purchase: cost, fictitious output and input VAT
    expect(isVatSettlementEntry(["4535", "2440", "2645", "2614"])).toBe(false);
    // a correction between VAT accounts (2611 to 2621) leaves 2650 alone
    expect(isVatSettlementEntry(["2611", "2621"])).toBe(false);
    // a credit note: revenue and output VAT back
    expect(isVatSettlementEntry(["1510", "3001", "2611"])).toBe(false);
  });
});
