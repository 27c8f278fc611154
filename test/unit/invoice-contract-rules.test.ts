// The recurring invoice schedule (src/domains/invoice-contracts/rules.ts), by tables worked out
// with a calendar: periods, invoice days (31 in February is the 28th/29th), creation days,
// period names, pauses, catching up and the versions of a contract's terms.
import { describe, expect, it } from "vitest";
import {
  actionOutcome,
  dayOfMonth,
  duePeriods,
  fillPeriod,
  invoiceDateOf,
  isPeriodStart,
  nextRunOn,
  periodAt,
  periodName,
  periodShort,
  periodStartFrom,
  type Schedule,
  upcomingPeriods,
  versionFor,
} from "../../src/domains/invoice-contracts/rules";

const monthly: Schedule = {
  interval: "month",
  startDate: "2027-01-01",
  endDate: null,
  invoiceDay: "1",
  invoiceMonthOffset: 0,
  daysInAdvance: 0,
};

describe("invoice days", () => {
  it.each([
    ["2027-02-01", "31", "2027-02-28"],
    ["2028-02-01", "31", "2028-02-29"],
    ["2028-02-01", "30", "2028-02-29"],
    ["2027-04-01", "31", "2027-04-30"],
    ["2027-01-01", "31", "2027-01-31"],
    ["2027-02-01", "last", "2027-02-28"],
    ["2027-12-01", "last", "2027-12-31"],
    ["2027-06-01", "1", "2027-06-01"],
    ["2027-06-01", "15", "2027-06-15"],
  ])("month %s, day %s -> %s", (month, day, date) => {
    expect(dayOfMonth(month, day)).toBe(date);
  });
});

describe("periods", () => {
  it.each<[Schedule["interval"], number, string, string]>([
    ["month", 0, "2027-01-01", "2027-01-31"],
    ["month", 1, "2027-02-01", "2027-02-28"],
    ["month", 11, "2027-12-01", "2027-12-31"],
    ["quarter", 0, "2027-01-01", "2027-03-31"],
    ["quarter", 3, "2027-10-01", "2027-12-31"],
    ["half_year", 1, "2027-07-01", "2027-12-31"],
    ["year", 1, "2028-01-01", "2028-12-31"],
  ])("%s period %i is %s..%s", (interval, index, start, end) => {
    expect(periodAt({ ...monthly, interval }, index)).toMatchObject({ start, end });
  });

  it.each([
    // invoice day, month offset, days in advance -> invoice date, creation day (period February 2027)
    ["1", 0, 0, "2027-02-01", "2027-02-01"],
    ["25", -1, 0, "2027-01-25", "2027-01-25"],
    ["last", -1, 5, "2027-01-31", "2027-01-26"],
    ["31", 0, 10, "2027-02-28", "2027-02-18"],
    ["1", 0, 14, "2027-02-01", "2027-01-18"],
  ])("day %s offset %i ahead %i -> dated %s, made %s", (invoiceDay, invoiceMonthOffset, daysInAdvance, date, on) => {
    const p = periodAt({ ...monthly, invoiceDay, invoiceMonthOffset, daysInAdvance }, 1);
    expect([p.invoiceDate, p.createOn]).toEqual([date, on]);
  });

  it("finds the next period's start", () => {
    const q = { ...monthly, interval: "quarter" as const };
    expect([
      periodStartFrom(q, "2027-05-02"),
      periodStartFrom(q, "2027-04-01"),
      periodStartFrom(q, "2026-01-01"),
    ]).toEqual(["2027-07-01", "2027-04-01", "2027-01-01"]);
  });

  it("knows a period's start", () => {
    const q = { ...monthly, interval: "quarter" as const };
    expect([isPeriodStart(q, "2027-04-01"), isPeriodStart(q, "2027-05-01"), isPeriodStart(q, "2026-12-01")]).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe("period names", () => {
  it.each<[Schedule["interval"], string, string, string, string]>([
    ["month", "2027-01-01", "2027-01-31", "januari 2027", "2027-01"],
    ["month", "2027-12-01", "2027-12-31", "december 2027", "2027-12"],
    ["quarter", "2027-01-01", "2027-03-31", "Q1 2027", "2027-01 – 2027-03"],
    ["quarter", "2027-10-01", "2027-12-31", "Q4 2027", "2027-10 – 2027-12"],
    ["quarter", "2027-02-01", "2027-04-30", "februari–april 2027", "2027-02 – 2027-04"],
    ["quarter", "2027-11-01", "2028-01-31", "november 2027 – januari 2028", "2027-11 – 2028-01"],
    ["half_year", "2027-07-01", "2027-12-31", "H2 2027", "2027-07 – 2027-12"],
    ["year", "2027-01-01", "2027-12-31", "2027", "2027-01 – 2027-12"],
    ["year", "2027-04-01", "2028-03-31", "april 2027 – mars 2028", "2027-04 – 2028-03"],
  ])("%s %s..%s is %s / %s", (interval, start, end, name, short) => {
    expect(periodName(interval, start, end)).toBe(name);
    expect(periodShort(start, end)).toBe(short);
  });

  it("fills the placeholders of an item text", () => {
    const p = { start: "2027-01-01", end: "2027-01-31" };
    expect(fillPeriod("Hyra {period}", "month", p)).toBe("Hyra januari 2027");
    expect(fillPeriod("Hyra {period_short}", "month", p)).toBe("Hyra 2027-01");
    expect(fillPeriod("{period_start}–{period_end} {other}", "month", p)).toBe("2027-01-01–2027-01-31 {other}");
    expect(fillPeriod("Service {period}", "quarter", { start: "2027-01-01", end: "2027-03-31" })).toBe(
      "Service Q1 2027",
    );
  });
});

describe("due periods", () => {
  const starts = (ps: { start: string }[]) => ps.map((p) => p.start);

  it("catches up every period whose day has come, oldest first, never one made already", () => {
    expect(starts(duePeriods(monthly, [], new Set(), "2027-03-15"))).toEqual([
      "2027-01-01",
      "2027-02-01",
      "2027-03-01",
    ]);
    expect(starts(duePeriods(monthly, [], new Set(["2027-01-01", "2027-03-01"]), "2027-03-15"))).toEqual([
      "2027-02-01",
    ]);
    expect(starts(duePeriods(monthly, [], new Set(), "2026-12-31"))).toEqual([]);
    // at most the limit per run
    expect(duePeriods(monthly, [], new Set(), "2029-12-31")).toHaveLength(12);
  });

  it("stops at the end date: a period starting on or before it is invoiced whole", () => {
    const ended = { ...monthly, endDate: "2027-03-15" };
    expect(starts(duePeriods(ended, [], new Set(), "2027-12-31"))).toEqual(["2027-01-01", "2027-02-01", "2027-03-01"]);
    expect(nextRunOn(ended, [], new Set(["2027-01-01", "2027-02-01", "2027-03-01"]))).toBeNull();
  });

  it("skips the periods made during a pause, and makes none while paused", () => {
    const pauses = [{ from: "2027-03-10", to: "2027-06-01" }];
    // March 1 was before the pause; April, May were made during it; June 1 is the resume day
    expect(starts(duePeriods(monthly, pauses, new Set(), "2027-06-01"))).toEqual([
      "2027-01-01",
      "2027-02-01",
      "2027-03-01",
      "2027-06-01",
    ]);
    const open = [{ from: "2027-03-10", to: null }];
    expect(nextRunOn(monthly, open, new Set())).toBeNull();
    expect(nextRunOn(monthly, pauses, new Set(["2027-01-01", "2027-02-01", "2027-03-01"]))).toBe("2027-06-01");
  });

  it("lists what comes next, an open pause read as resumed today", () => {
    const next = upcomingPeriods(monthly, [{ from: "2027-02-15", to: null }], new Set(["2027-01-01"]), "2027-04-20", 3);
    expect(next.map((p) => [p.start, p.invoiceDate])).toEqual([
      ["2027-02-01", "2027-02-01"],
      ["2027-05-01", "2027-05-01"],
      ["2027-06-01", "2027-06-01"],
    ]);
  });
});

describe("the invoice date and the terms", () => {
  it.each([
    ["2027-03-01", false, "2027-03-20", "2027-03-01"],
    ["2027-03-01", true, "2027-05-02", "2027-05-02"],
    ["2027-03-01", true, "2027-02-20", "2027-03-01"],
  ])("scheduled %s locked %s today %s -> %s", (scheduled, locked, today, date) => {
    expect(invoiceDateOf(scheduled, locked, today)).toBe(date);
  });

  it("takes the latest version effective on or before the period's start", () => {
    const versions = [
      { effectiveFrom: "2027-01-01" },
      { effectiveFrom: "2027-07-01" },
      { effectiveFrom: "2027-04-01" },
    ];
    expect(versionFor(versions, "2027-03-01")?.effectiveFrom).toBe("2027-01-01");
    expect(versionFor(versions, "2027-04-01")?.effectiveFrom).toBe("2027-04-01");
    expect(versionFor(versions, "2028-01-01")?.effectiveFrom).toBe("2027-07-01");
    expect(versionFor(versions, "2026-12-01")).toBeNull();
  });
});

describe("an action's outcome", () => {
  it.each([
    [null, "done"],
    ["INVOICE_ALREADY_SENT", "done"],
    ["INVOICE_SEND_PROVIDER_FAILED", "retry"],
    ["INVOICE_SEND_NO_CUSTOMER_EMAIL", "failed"],
    ["PERIOD_LOCKED", "failed"],
  ])("%s -> %s", (refusal, outcome) => {
    expect(actionOutcome(refusal)).toBe(outcome);
  });
});
