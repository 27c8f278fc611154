// Bokslutsmetoden (BFL 5 kap 2 § tredje stycket, BFNAR 2013:2 kapitel 3): the share of a
// cash-method item its year's entry booked on 1510 / 2440 is settled there by a later payment
// (issue #40), and the year an item belongs to is the first fiscal year ending on or after
// its date. Figures: a 12 500 invoice (10 000 + 25 % VAT, ML 2023:200), 5 000 paid before the
// year's end, so the entry booked the SEK from 5 000 to 12 500.
import { describe, expect, it } from "vitest";
import { yearEndOfDocument } from "../../src/domains/fiscal-periods/year-end/cash-method";
import type { EngineLine } from "../../src/ledger/engine";
import { cashPaymentAfterYearEnd, type SekRange } from "../../src/ledger/settlement";

const booked: SekRange = { fromSek: 500_000, toSek: 1_250_000 };
/** what each builder was asked for: settled SEK and the cash shares */
function split(share: { beforeSek: number; afterSek: number }, range: SekRange | null, fx = 0) {
  const settled: [number, number][] = [];
  const cash: [number, number, number][] = [];
  const line = (n: number): EngineLine => ({ accountNumber: "1930", debitOre: n, creditOre: 0, lineDescription: null });
  cashPaymentAfterYearEnd(
    share,
    range,
    fx,
    (sek, f) => {
      settled.push([sek, f]);
      return [line(sek)];
    },
    (f, part) => {
      cash.push([part.beforeSek, part.afterSek, f]);
      return [line(part.afterSek - part.beforeSek)];
    },
  );
  return { settled, cash };
}

describe("a payment after the year's end", () => {
  const cases: [string, { beforeSek: number; afterSek: number }, SekRange | null, ReturnType<typeof split>][] = [
    [
      "the rest, 7 500, inside what the entry booked",
      { beforeSek: 500_000, afterSek: 1_250_000 },
      booked,
      {
        settled: [[750_000, 0]],
        cash: [],
      },
    ],
    [
      "a part, 2 500, of the rest",
      { beforeSek: 500_000, afterSek: 750_000 },
      booked,
      { settled: [[250_000, 0]], cash: [] },
    ],
    [
      "no entry (a payment in the item's own year)",
      { beforeSek: 0, afterSek: 500_000 },
      null,
      {
        settled: [],
        cash: [[0, 500_000, 0]],
      },
    ],
    [
      "a payment reaching below the booked share books that part in cash",
      { beforeSek: 0, afterSek: 750_000 },
      booked,
      {
        settled: [[250_000, 0]],
        cash: [[0, 500_000, 0]],
      },
    ],
  ];
  it.each(cases)("%s", (_name, share, range, expected) => {
    expect(split(share, range)).toEqual(expected);
  });

  it("gives the currency difference to the first part only", () => {
    expect(split({ beforeSek: 0, afterSek: 750_000 }, booked, 1_200)).toEqual({
      settled: [[250_000, 1_200]],
      cash: [[0, 500_000, 0]],
    });
    expect(split({ beforeSek: 0, afterSek: 500_000 }, null, 1_200).cash).toEqual([[0, 500_000, 1_200]]);
  });
});

describe("the year an item's entry belongs to", () => {
  const periods = [{ periodEnd: "2024-12-31" }, { periodEnd: "2025-12-31" }];
  it.each([
    ["2024-11-15", "2024-12-31"],
    ["2024-12-31", "2024-12-31"],
    ["2025-01-01", "2025-12-31"],
    ["2023-06-01", "2024-12-31"], // older than the books: the first year here
    ["2026-01-10", null], // no year ends after it yet
  ])("%s -> %s", (date, end) => {
    expect(yearEndOfDocument(periods, date)).toBe(end);
  });
});
