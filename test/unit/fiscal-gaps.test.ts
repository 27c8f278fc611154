// Gaps in a voucher series and where a year's result goes, by the company's form.
import { describe, expect, it } from "vitest";
import { gapsIn } from "../../src/domains/fiscal-periods/gaps/commands";
import { resultAccountsFor } from "../../src/domains/fiscal-periods/year-end/commands";

describe("gapsIn", () => {
  it("finds every missing number from 1 to the highest used", () => {
    expect(gapsIn([])).toEqual([]);
    expect(gapsIn([1, 2, 3])).toEqual([]);
    expect(gapsIn([2])).toEqual([{ start: 1, end: 1 }]);
    expect(gapsIn([1, 2, 5, 6, 9])).toEqual([
      { start: 3, end: 4 },
      { start: 7, end: 8 },
    ]);
  });
});

describe("resultAccountsFor", () => {
  it("books a limited company's result on 2099 and carries it to 2098 (BAS)", () => {
    const ab = resultAccountsFor("aktiebolag");
    expect([ab.result, ab.carriedTo, ab.carried("2099"), ab.carried("2098")]).toEqual(["2099", "2098", true, false]);
  });

  it("books a sole trader's result on 2019 and carries 2011-2019 into 2010 (BAS, eget kapital i enskild firma)", () => {
    const ef = resultAccountsFor("enskild_firma");
    expect([
      ef.result,
      ef.carriedTo,
      ef.carried("2013"),
      ef.carried("2019"),
      ef.carried("2010"),
      ef.carried("2099"),
    ]).toEqual(["2019", "2010", true, true, false, false]);
  });
});
