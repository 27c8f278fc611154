import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/errors/api-error";
import type { EngineLine } from "../../src/ledger/engine";
import {
  creditInFull,
  creditNoteLines,
  openItem,
  paymentLines,
  planPayment,
  remainingOre,
  type OpenItem,
  type PaymentPlan,
  type Side,
} from "../../src/ledger/settlement";

const item = (over: Partial<OpenItem> = {}): OpenItem => ({
  totalOre: 100_000,
  totalSekOre: 100_000,
  paidOre: 0,
  creditedOre: 0,
  paidSekOre: 0,
  currency: "SEK",
  exchangeRate: "1",
  ...over,
});

const noCash = () => {
  throw new Error("the cash builder is not used under accrual");
};
const accrualLines = (side: Side, plan: PaymentPlan) =>
  paymentLines(side, "accrual", plan, { settlementAccount: "1930", text: "Betalning", inCash: noCash });

/** Net movement per account, debit positive, in öre. */
function net(lines: EngineLine[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const l of lines) out[l.accountNumber] = (out[l.accountNumber] ?? 0) + l.debitOre - l.creditOre;
  return out;
}

/** Pays `amounts` one after the other (undefined: the rest), as mark-paid would with the stored rows. */
function payInTurn(start: OpenItem, side: Side, amounts: (number | undefined)[]) {
  let current = start;
  const plans: PaymentPlan[] = [];
  for (const amountOre of amounts) {
    const plan = planPayment(current, side, { amountOre, fxDifferenceOre: 0, method: "accrual" });
    plans.push(plan);
    current = { ...current, paidOre: plan.paidOre, paidSekOre: current.paidSekOre + plan.bookedSekOre };
  }
  return { plans, after: current };
}

function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    return { code: e.code, fields: (e.details as { fields: { path: string; message: string }[] }).fields };
  }
  throw new Error("expected a refusal");
}

describe("a SEK invoice paid in two parts", () => {
  it("books 400.00 then the remaining 600.00, partially paid then paid", () => {
    const { plans, after } = payInTurn(item(), "receivable", [40_000, undefined]);
    expect(plans[0]).toEqual({
      amountOre: 40_000,
      fxDifferenceOre: 0,
      bookedSekOre: 40_000,
      paidOre: 40_000,
      status: "partially_paid",
      fully: false,
      cashShare: { beforeSek: 0, afterSek: 40_000 },
    });
    expect(plans[1]).toEqual({
      amountOre: 60_000,
      fxDifferenceOre: 0,
      bookedSekOre: 60_000,
      paidOre: 100_000,
      status: "paid",
      fully: true,
      cashShare: { beforeSek: 40_000, afterSek: 100_000 },
    });
    expect(remainingOre(after)).toBe(0);
    // Debit 1930 / Credit 1510 for each part
    expect(net(accrualLines("receivable", plans[0]))).toEqual({ "1930": 40_000, "1510": -40_000 });
  });

  it("sums the SEK of earlier payments into the open item", () => {
    const row = {
      totalOre: 100_000,
      totalSekOre: 100_000,
      paidOre: 40_000,
      creditedOre: 0,
      currency: "SEK",
      exchangeRate: "1",
    };
    expect(openItem(row, [{ amountSekOre: 15_000 }, { amountSekOre: 25_000 }]).paidSekOre).toBe(40_000);
    expect(() => openItem({ ...row, totalSekOre: null }, [])).toThrow();
  });
});

describe("a currency difference", () => {
  // 1 000 EUR booked at 11.50: 11 500 kr on 1510 / 2440.
  const eur = item({ totalSekOre: 1_150_000, currency: "EUR", exchangeRate: "11.5" });

  it("receivable paid at 11.20: 11 200 kr received, a loss of 300 kr on 7960 (BAS: valutakursförluster på fordringar)", () => {
    const plan = planPayment(eur, "receivable", { fxDifferenceOre: 1_120_000 - 1_150_000, method: "accrual" });
    expect(plan).toMatchObject({
      amountOre: 100_000,
      bookedSekOre: 1_150_000,
      fxDifferenceOre: -30_000,
      status: "paid",
    });
    expect(net(accrualLines("receivable", plan))).toEqual({ "1930": 1_120_000, "1510": -1_150_000, "7960": 30_000 });
  });

  it("receivable paid at 11.80: a gain of 300 kr on 3960", () => {
    const plan = planPayment(eur, "receivable", { fxDifferenceOre: 30_000, method: "accrual" });
    expect(net(accrualLines("receivable", plan))).toEqual({ "1930": 1_180_000, "1510": -1_150_000, "3960": -30_000 });
  });

  it("payable paid at 11.80: 11 800 kr paid, a loss of 300 kr on 7960", () => {
    const plan = planPayment(eur, "payable", { fxDifferenceOre: 30_000, method: "accrual" });
    expect(net(accrualLines("payable", plan))).toEqual({ "2440": 1_150_000, "1930": -1_180_000, "7960": 30_000 });
  });

  it("is required on a foreign-currency invoice, with each side's wording", () => {
    expect(refusal(() => planPayment(eur, "receivable", { method: "accrual" }))).toEqual({
      code: "VALIDATION_ERROR",
      fields: [
        {
          path: "exchange_rate_difference",
          message:
            "a foreign-currency invoice needs exchange_rate_difference (0 when the SEK received equals the SEK booked)",
        },
      ],
    });
    expect(refusal(() => planPayment(eur, "payable", { method: "accrual" })).fields[0].message).toBe(
      "a foreign-currency invoice needs exchange_rate_difference (0 when the SEK paid equals the SEK booked)",
    );
    expect(planPayment(item(), "receivable", { method: "accrual" }).fxDifferenceOre).toBe(0);
  });
});

describe("the last payment takes the remaining SEK", () => {
  // 1 000.00 at 10.123456: 1 012 345.6 öre, booked as 10 123.46 kr.
  const fx = item({ totalSekOre: 1_012_346, currency: "USD", exchangeRate: "10.123456" });

  it.each<Side>(["receivable", "payable"])("3 × 333.33 and 0.01 leave the %s's control account at zero", (side) => {
    const { plans, after } = payInTurn(fx, side, [33_333, 33_333, 33_333, undefined]);
    // 333.33 × 10.123456 = 3 374.45158848 kr each; the last 0.01 takes 0.11 kr, not 0.10
    expect(plans.map((p) => p.bookedSekOre)).toEqual([337_445, 337_445, 337_445, 11]);
    expect(plans.map((p) => p.status)).toEqual(["partially_paid", "partially_paid", "partially_paid", "paid"]);
    expect(after.paidSekOre).toBe(fx.totalSekOre);
    const control = side === "receivable" ? "1510" : "2440";
    const settled = plans.flatMap((p) => accrualLines(side, p));
    expect(net(settled)[control]).toBe(side === "receivable" ? -1_012_346 : 1_012_346);
  });

  it("a last payment of 333.34 takes 3 374.56 kr where the rate alone gives 3 374.55", () => {
    const { plans } = payInTurn(fx, "receivable", [33_333, 33_333, undefined]);
    expect(plans[2]).toMatchObject({ amountOre: 33_334, bookedSekOre: 337_456, fully: true });
  });
});

describe("refusals", () => {
  it("refuses an amount above the remaining", () => {
    expect(
      refusal(() =>
        planPayment(item({ paidOre: 40_000, paidSekOre: 40_000 }), "payable", { amountOre: 60_001, method: "accrual" }),
      ),
    ).toEqual({
      code: "VALIDATION_ERROR",
      fields: [{ path: "amount", message: "amount is more than the remaining 600" }],
    });
  });

  it("checks the amount before the currency difference", () => {
    const eur = item({ currency: "EUR", exchangeRate: "11.5", totalSekOre: 1_150_000 });
    expect(
      refusal(() => planPayment(eur, "receivable", { amountOre: 100_001, method: "accrual" })).fields[0].path,
    ).toBe("amount");
  });

  it("under the cash method, refuses a part payment and a payment after one", () => {
    expect(refusal(() => planPayment(item(), "receivable", { amountOre: 40_000, method: "cash" })).fields[0]).toEqual({
      path: "amount",
      message: "under the cash method an invoice is paid, and its sale booked, in one payment of its whole amount",
    });
    expect(refusal(() => planPayment(item({ paidOre: 40_000 }), "payable", { method: "cash" })).fields[0].message).toBe(
      "under the cash method a supplier invoice is paid, and booked, in one payment of its whole amount",
    );
    expect(planPayment(item(), "payable", { method: "cash" })).toMatchObject({ amountOre: 100_000, status: "paid" });
  });

  it("under the cash method with allowPartialCash (mark-paid), plans a part payment and its cumulative share", () => {
    const first = planPayment(item(), "receivable", { amountOre: 40_000, method: "cash", allowPartialCash: true });
    expect(first).toMatchObject({
      status: "partially_paid",
      bookedSekOre: 40_000,
      cashShare: { beforeSek: 0, afterSek: 40_000 },
    });
    const rest = planPayment(item({ paidOre: 40_000, paidSekOre: 40_000 }), "receivable", {
      method: "cash",
      allowPartialCash: true,
    });
    expect(rest).toMatchObject({
      status: "paid",
      bookedSekOre: 60_000,
      cashShare: { beforeSek: 40_000, afterSek: 100_000 },
    });
  });

  it("takes what credit notes took off the SEK total before the last payment", () => {
    // 1000.00 at 10.5, 400.00 credited (4 200 SEK), 300.00 paid (3 150 SEK): the last 300.00 books 10 500 - 4 200 - 3 150
    const plan = planPayment(
      item({
        totalOre: 100_000,
        totalSekOre: 1_050_000,
        exchangeRate: "10.5",
        currency: "EUR",
        creditedOre: 40_000,
        creditedSekOre: 420_000,
        paidOre: 30_000,
        paidSekOre: 315_000,
      }),
      "receivable",
      {
        method: "accrual",
        fxDifferenceOre: 0,
      },
    );
    expect(plan).toMatchObject({ amountOre: 30_000, bookedSekOre: 315_000, fully: true, status: "paid" });
  });

  it("under the cash method, books the sale or purchase the caller builds", () => {
    const plan = planPayment(item(), "receivable", { method: "cash" });
    const sale: EngineLine[] = [
      { accountNumber: "1930", debitOre: 100_000, creditOre: 0, lineDescription: null, dimensions: null },
    ];
    expect(paymentLines("receivable", "cash", plan, { settlementAccount: "1930", text: "x", inCash: () => sale })).toBe(
      sale,
    );
  });
});

describe("a credit note for the whole invoice", () => {
  // 800.00 + 25 % VAT = 1 000.00, booked at 11.50 as 11 500 kr
  const invoice = { subtotalOre: 80_000, vatOre: 20_000, totalOre: 100_000, totalSekOre: 1_150_000 };

  it("negates the amounts, is applied in full, and credits the original by its total", () => {
    const { note, original } = creditInFull(invoice);
    expect(note).toEqual({
      subtotalOre: -80_000,
      vatOre: -20_000,
      totalOre: -100_000,
      totalSekOre: -1_150_000,
      paidOre: 0,
      creditedOre: -100_000,
    });
    expect(remainingOre(note)).toBe(0);
    expect(original).toEqual({ status: "credited", creditedOre: 100_000 });
    expect(remainingOre({ totalOre: 100_000, paidOre: 0, ...original })).toBe(0);
    // a paid invoice credited: a refund of 1 000.00 owed
    expect(remainingOre({ totalOre: 100_000, paidOre: 100_000, ...original })).toBe(-100_000);
    expect(creditInFull({ ...invoice, totalSekOre: null }).note.totalSekOre).toBeNull();
  });

  it("mirrors the booked entry under accrual and books nothing under cash", () => {
    const booked: EngineLine[] = [
      { accountNumber: "1510", debitOre: 1_150_000, creditOre: 0, lineDescription: null, dimensions: null },
      { accountNumber: "3001", debitOre: 0, creditOre: 920_000, lineDescription: "Konsult", dimensions: null },
      { accountNumber: "2611", debitOre: 0, creditOre: 230_000, lineDescription: null, dimensions: null },
    ];
    const lines = creditNoteLines("accrual", () => booked, "Kreditfaktura KR-F1")!;
    expect(net(lines)).toEqual({ "1510": -1_150_000, "3001": 920_000, "2611": 230_000 });
    expect(lines.map((l) => l.lineDescription)).toEqual(["Kreditfaktura KR-F1", "Konsult", "Kreditfaktura KR-F1"]);
    expect(creditNoteLines("cash", noCash, "Kreditfaktura KR-F1")).toBeNull();
  });
});
