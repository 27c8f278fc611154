// Late-payment interest (räntelagen 1975:635 6 § and 9 §) against Riksbanken's reference rates,
// figures worked by hand.
import { describe, expect, it } from "vitest";
import {
  lateInterest,
  lateInterestOnBalances,
  MAX_REMINDER_FEE_ORE,
  referenceRateOn,
} from "../../src/sweden/late-payment";

describe("the reference rate (räntelagen 9 §, riksbank.se)", () => {
  it("changes each 1 January and 1 July", () => {
    expect(referenceRateOn("2023-06-30")).toBe("2.50");
    expect(referenceRateOn("2023-07-01")).toBe("3.50");
    expect(referenceRateOn("2024-12-31")).toBe("4.00");
    expect(referenceRateOn("2025-07-01")).toBe("2.00");
  });
  it("is unknown for a half-year Riksbanken's decision is not in the table", () => {
    expect(referenceRateOn("2021-12-31")).toBeNull();
  });
});

describe("late-payment interest", () => {
  it("is the reference rate + 8 points, per half-year, actual/365, rounded once to öre", () => {
    // 10 000 kr due 2025-06-15, paid 2025-08-15: 15 days (16-30 June) at 3 + 8 = 11 %,
    // 46 days (1 July-15 August) at 2 + 8 = 10 %:
    // 1 000 000 öre x (0.11 x 15 + 0.10 x 46) / 365 = 6 250 000 / 365 = 17 123.29 -> 17 123 öre
    const r = lateInterest(1_000_000, "2025-06-15", "2025-08-15", null);
    expect(r).toEqual({
      known: true,
      amountOre: 17_123,
      days: 61,
      periods: [
        { from: "2025-06-16", to: "2025-06-30", days: 15, rate_percent: "11" },
        { from: "2025-07-01", to: "2025-08-15", days: 46, rate_percent: "10" },
      ],
    });
  });
  it("uses an agreed rate instead (räntelagen 1 §: the Act gives way to an agreement)", () => {
    // 12 500 kr, 10 days at 12 %: 1 250 000 x 0.12 x 10 / 365 = 4 109.59 -> 4 110 öre
    expect(lateInterest(1_250_000, "2026-11-17", "2026-11-27", "0.12")).toMatchObject({ amountOre: 4110, days: 10 });
  });
  it("is nothing for a payment on the due date", () => {
    expect(lateInterest(1_000_000, "2025-06-15", "2025-06-15", null)).toEqual({
      known: true,
      amountOre: 0,
      days: 0,
      periods: [],
    });
  });
  it("is not guessed over a half-year whose reference rate is missing", () => {
    expect(lateInterest(1_000_000, "2021-12-01", "2022-01-10", null)).toEqual({
      known: false,
      missingHalfYear: "2021-07-01",
      days: 40,
    });
  });
  it("caps the reminder fee at 60 kr (förordning 2013:59)", () => {
    expect(MAX_REMINDER_FEE_ORE).toBe(6000);
  });
});

describe("late-payment interest on a changing balance (interest invoices)", () => {
  it("charges each stretch on what was then owed and rounds the exact sum once", () => {
    // 10 000 kr due 2026-01-31 (reference rate 2.00 % from 2026-01-01, so 10 %), 4 000 paid 2026-02-15,
    // the rest 2026-03-17: 15 days on 10 000 and 30 days on 6 000:
    // (1 000 000 x 15 + 600 000 x 30) x 0.10 / 365 = 3 300 000 / 365 = 9 041.10 -> 9 041 öre.
    // Rounding each stretch would give 4 110 + 4 932 = 9 042: the sum is rounded once.
    const r = lateInterestOnBalances(
      [
        { principalOre: 1_000_000, from: "2026-01-31", to: "2026-02-15" },
        { principalOre: 600_000, from: "2026-02-15", to: "2026-03-17" },
      ],
      null,
    );
    expect(r).toEqual({
      known: true,
      amountOre: 9_041,
      days: 45,
      stretches: [
        {
          principalOre: 1_000_000,
          from: "2026-01-31",
          to: "2026-02-15",
          days: 15,
          periods: [{ from: "2026-02-01", to: "2026-02-15", days: 15, rate_percent: "10" }],
        },
        {
          principalOre: 600_000,
          from: "2026-02-15",
          to: "2026-03-17",
          days: 30,
          periods: [{ from: "2026-02-16", to: "2026-03-17", days: 30, rate_percent: "10" }],
        },
      ],
    });
    // one stretch is lateInterest exactly
    const one = lateInterestOnBalances([{ principalOre: 1_000_000, from: "2025-06-15", to: "2025-08-15" }], null);
    expect(one.known && one.amountOre).toBe(17_123);
  });

  it("leaves out stretches without days or without a debt, and names a missing half-year", () => {
    expect(
      lateInterestOnBalances(
        [
          { principalOre: 1_000_000, from: "2026-03-01", to: "2026-03-01" },
          { principalOre: 0, from: "2026-03-01", to: "2026-04-01" },
        ],
        "0.12",
      ),
    ).toEqual({ known: true, amountOre: 0, days: 0, stretches: [] });
    expect(lateInterestOnBalances([{ principalOre: 100, from: "2021-12-01", to: "2022-01-10" }], null)).toEqual({
      known: false,
      missingHalfYear: "2021-07-01",
    });
  });
});
