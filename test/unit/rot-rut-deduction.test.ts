// The ROT/RUT deduction of an invoice: only labour counts, the rate of the date, the
// split among buyers, the yearly caps counting earlier deductions, the rule violations
// with their field paths, and the proportional reversal on a credit note.
// Sources: Skatteverket, Rot och rut för företag ("Material och resekostnader i samband
// med arbetet ger inte rätt till avdrag"; ROT at most 30 % and RUT at most 50 % of the
// labour cost including VAT; at most 75 000 kr a person and year together, of which at
// most 50 000 kr ROT; "Om köparen redan har utnyttjat maximalt rot- och rutavdrag under
// året kan du inte få någon utbetalning"); IL 67 kap. 11 § (18 years by the end of the year).
import { describe, expect, it } from "vitest";
import {
  computeDeduction,
  creditDeduction,
  hasDeduction,
  shareToBp,
  type DeductionInput,
  type DeductionResult,
} from "../../src/sweden/rot-rut";

const kr = (n: number) => Math.round(n * 100);
const A = "198406012388";
const B = "198502152393";
const C = "194807171899";

function input(over: Partial<DeductionInput> = {}): DeductionInput {
  return {
    date: "2026-03-10",
    customerType: "individual",
    buyers: [{ personnummer: "19840601-2388" }],
    lines: [{ deductionType: "rot", workType: "Bygg", laborHours: 10, amountInclVatOre: kr(10_000) }],
    housing: { housingDesignation: "Uppsala Kåbo 1:23" },
    prior: [],
    ...over,
  };
}

function ok(i: DeductionInput): DeductionResult {
  const r = computeDeduction(i);
  if (!r.ok) throw new Error(JSON.stringify(r.violations));
  return r.value;
}

function violations(i: DeductionInput) {
  const r = computeDeduction(i);
  if (r.ok) throw new Error("expected violations");
  return r.violations;
}

describe("only labour counts", () => {
  it("labour, material of the work type and travel: 30 % of the labour only; revenue lines otherwise untouched", () => {
    const r = ok(
      input({
        lines: [
          { deductionType: "rot", workType: "Bygg", laborHours: 10, amountInclVatOre: kr(10_000) },
          { workType: "Bygg", amountInclVatOre: kr(5_000) }, // material
          { amountInclVatOre: kr(400) }, // travel
          { amountInclVatOre: kr(1_250) }, // equipment hire
        ],
      }),
    );
    expect(r.labourOre).toEqual({ rot: kr(10_000), rut: 0 });
    expect(r.deductionOre).toEqual({ rot: kr(3_000), rut: 0 });
    expect(r.totalOre).toBe(kr(3_000));
    expect(r.work).toEqual([
      {
        code: "Bygg",
        type: "rot",
        hoursHundredths: 1000,
        priceOre: kr(10_000),
        labourOre: kr(10_000),
        materialOre: kr(5_000),
      },
    ]);
    expect(r.otherCostOre).toBe(kr(1_650));
  });

  it("ROT and RUT on one invoice: each at its rate", () => {
    const r = ok(
      input({
        lines: [
          { deductionType: "rot", workType: "Vvs", laborHours: 6, amountInclVatOre: kr(4_500) },
          { deductionType: "rut", workType: "Tradgardsarbete", laborHours: 5.25, amountInclVatOre: kr(2_500) },
        ],
      }),
    );
    expect(r.rateBp).toEqual({ rot: 3000, rut: 5000 });
    expect(r.deductionOre).toEqual({ rot: kr(1_350), rut: kr(1_250) });
    expect(r.work.map((w) => [w.code, w.hoursHundredths])).toEqual([
      ["Vvs", 600],
      ["Tradgardsarbete", 525],
    ]);
  });

  it("the temporary 2025 ROT rate applies by date", () => {
    expect(ok(input({ date: "2025-05-11" })).deductionOre.rot).toBe(kr(3_000));
    expect(ok(input({ date: "2025-05-12" })).deductionOre.rot).toBe(kr(5_000));
    expect(ok(input({ date: "2026-01-01" })).deductionOre.rot).toBe(kr(3_000));
  });

  it("laundry at a laundry facility: half the price counts as labour", () => {
    const r = ok(
      input({
        housing: {},
        lines: [{ deductionType: "rut", workType: "TvattVidTvattinrattning", amountInclVatOre: kr(801) }],
      }),
    );
    expect(r.labourOre.rut).toBe(kr(400.5));
    expect(r.deductionOre.rut).toBe(kr(200)); // 200.25 kr rounded down
  });

  it("rounds down to whole kronor", () => {
    expect(
      ok(input({ lines: [{ deductionType: "rot", workType: "El", laborHours: 1, amountInclVatOre: kr(1_234.56) }] }))
        .deductionOre.rot,
    ).toBe(kr(370));
  });

  it("hasDeduction: only when a line is marked or a buyer is named", () => {
    expect(hasDeduction({ lines: [{ amountInclVatOre: 100 }], buyers: [] })).toBe(false);
    expect(hasDeduction({ lines: [{ amountInclVatOre: 100, deductionType: "rut" }], buyers: [] })).toBe(true);
  });
});

describe("several buyers", () => {
  it("split by share, each share rounded down on its own, the labour parts add up", () => {
    const r = ok(
      input({
        buyers: [
          { personnummer: A, shareBp: 6000 },
          { personnummer: B, shareBp: 4000 },
        ],
        lines: [{ deductionType: "rot", workType: "Bygg", laborHours: 3, amountInclVatOre: 1_000_003 }],
      }),
    );
    expect(r.buyers.map((b) => [b.personnummer, b.labourOre.rot, b.deductionOre.rot])).toEqual([
      [A, 600_002, 180_000], // 6 000.02 kr x 30 % = 1 800.006 -> 1 800 kr
      [B, 400_001, 120_000],
    ]);
    expect(r.buyers[0].labourOre.rot + r.buyers[1].labourOre.rot).toBe(1_000_003);
    expect(r.totalOre).toBe(300_000);
  });

  it("a buyer's share never above that buyer's cap; the other buyer keeps the full share", () => {
    // 200 000 kr of ROT labour, half each: 30 000 kr each before the caps.
    const r = ok(
      input({
        buyers: [
          { personnummer: A, shareBp: 5000 },
          { personnummer: B, shareBp: 5000 },
        ],
        lines: [{ deductionType: "rot", workType: "Bygg", laborHours: 300, amountInclVatOre: kr(200_000) }],
        prior: [{ personnummer: A, rotOre: kr(35_000), rutOre: 0 }],
      }),
    );
    expect(r.uncappedOre.rot).toBe(kr(60_000));
    expect(r.buyers.map((b) => [b.deductionOre.rot, b.capped])).toEqual([
      [kr(15_000), true],
      [kr(30_000), false],
    ]);
    expect(r.totalOre).toBe(kr(45_000));
  });

  it("one buyer alone on a big invoice gets at most 50 000 kr ROT", () => {
    const r = ok(
      input({ lines: [{ deductionType: "rot", workType: "Bygg", laborHours: 400, amountInclVatOre: kr(400_000) }] }),
    );
    expect(r.uncappedOre.rot).toBe(kr(120_000));
    expect(r.deductionOre.rot).toBe(kr(50_000));
    expect(r.buyers[0].capped).toBe(true);
  });
});

describe("caps across the year, counting the buyer's earlier deductions", () => {
  const rot6000 = [{ deductionType: "rot", workType: "Bygg", laborHours: 20, amountInclVatOre: kr(20_000) }];

  it("earlier ROT of 48 000 kr leaves 2 000 kr", () => {
    const r = ok(
      input({
        lines: rot6000,
        prior: [
          { personnummer: A, rotOre: kr(30_000), rutOre: 0 },
          { personnummer: A, rotOre: kr(18_000), rutOre: 0 },
        ],
      }),
    );
    expect(r.deductionOre.rot).toBe(kr(2_000));
  });

  it("earlier RUT of 72 000 kr leaves 3 000 kr of the common 75 000 kr for ROT", () => {
    expect(
      ok(input({ lines: rot6000, prior: [{ personnummer: A, rotOre: 0, rutOre: kr(72_000) }] })).deductionOre.rot,
    ).toBe(kr(3_000));
  });

  it("ROT first, then RUT from what is left of the common cap", () => {
    const r = ok(
      input({
        lines: [
          ...rot6000,
          { deductionType: "rut", workType: "Stadning", laborHours: 10, amountInclVatOre: kr(4_000) },
        ],
        prior: [{ personnummer: A, rotOre: kr(40_000), rutOre: kr(30_000) }],
      }),
    );
    // room: ROT min(50 000 - 40 000, 75 000 - 70 000) = 5 000; RUT 75 000 - 70 000 - 5 000 = 0.
    expect(r.uncappedOre).toEqual({ rot: kr(6_000), rut: kr(2_000) });
    expect(r.deductionOre).toEqual({ rot: kr(5_000), rut: 0 });
  });

  it("another buyer's deductions do not count", () => {
    expect(
      ok(input({ lines: rot6000, prior: [{ personnummer: C, rotOre: kr(50_000), rutOre: kr(25_000) }] })).deductionOre
        .rot,
    ).toBe(kr(6_000));
  });

  it("a buyer at the cap gets nothing", () => {
    const r = ok(input({ lines: rot6000, prior: [{ personnummer: A, rotOre: kr(50_000), rutOre: 0 }] }));
    expect(r.totalOre).toBe(0);
    expect(r.buyers[0].capped).toBe(true);
  });

  it("second half of 2024: 75 000 kr ROT", () => {
    const r = ok(
      input({
        date: "2024-09-01",
        lines: rot6000,
        prior: [{ personnummer: A, rotOre: kr(60_000), rutOre: kr(10_000) }],
      }),
    );
    expect(r.deductionOre.rot).toBe(kr(6_000));
  });
});

describe("rule violations, with the API's field paths", () => {
  const paths = (i: DeductionInput) => violations(i).map((v) => v.path);

  it("the customer must be a private individual", () => {
    expect(paths(input({ customerType: "swedish_business" }))).toEqual(["customer_id"]);
  });

  it("buyers: a valid personnummer, not a samordningsnummer, 18 by the end of the year, each once", () => {
    expect(violations(input({ buyers: [{ personnummer: "198406012389" }] }))).toEqual([
      {
        path: "deduction_personnummer[0].personnummer",
        message: "not a valid personnummer (YYYYMMDD-NNNN, check digit by Luhn)",
      },
    ]);
    expect(paths(input({ buyers: [{ personnummer: "19840661-2385" }] }))).toEqual([
      "deduction_personnummer[0].personnummer",
    ]);
    expect(violations(input({ buyers: [{ personnummer: "20090101-2393" }] }))[0].message).toMatch(
      /turned 18 by the end of 2026/,
    );
    expect(computeDeduction(input({ buyers: [{ personnummer: "20081231-2395" }] })).ok).toBe(true);
    expect(
      paths(
        input({
          buyers: [
            { personnummer: A, shareBp: 5000 },
            { personnummer: "19840601-2388", shareBp: 5000 },
          ],
        }),
      ),
    ).toEqual(["deduction_personnummer[1].personnummer"]);
  });

  it("shares: required with several buyers, above 0, adding up to 1", () => {
    expect(paths(input({ buyers: [{ personnummer: A }, { personnummer: B, shareBp: 5000 }] }))).toEqual([
      "deduction_personnummer[0].share",
    ]);
    expect(
      paths(
        input({
          buyers: [
            { personnummer: A, shareBp: 0 },
            { personnummer: B, shareBp: 10_000 },
          ],
        }),
      ),
    ).toEqual(["deduction_personnummer[0].share"]);
    expect(
      violations(
        input({
          buyers: [
            { personnummer: A, shareBp: 5000 },
            { personnummer: B, shareBp: 4000 },
          ],
        }),
      ),
    ).toEqual([{ path: "deduction_personnummer", message: "the buyers' shares must add up to exactly 1" }]);
  });

  it("lines: the work type of the line's type, hours on labour, none elsewhere", () => {
    expect(
      paths(
        input({ lines: [{ deductionType: "rot", workType: "Stadning", laborHours: 1, amountInclVatOre: 10_000 }] }),
      ),
    ).toEqual(["items[0].work_type"]);
    expect(
      paths(
        input({ lines: [{ deductionType: "rot", workType: "Snickeri", laborHours: 1, amountInclVatOre: 10_000 }] }),
      ),
    ).toEqual(["items[0].work_type"]);
    expect(paths(input({ lines: [{ deductionType: "rot", laborHours: 1, amountInclVatOre: 10_000 }] }))).toEqual([
      "items[0].work_type",
    ]);
    expect(paths(input({ lines: [{ deductionType: "rot", workType: "Bygg", amountInclVatOre: 10_000 }] }))).toEqual([
      "items[0].labor_hours",
    ]);
    expect(
      paths(
        input({ lines: [{ deductionType: "rot", workType: "Bygg", laborHours: 1.255, amountInclVatOre: 10_000 }] }),
      ),
    ).toEqual(["items[0].labor_hours"]);
    expect(
      paths(input({ lines: [{ deductionType: "rot", workType: "Bygg", laborHours: 1, amountInclVatOre: -10_000 }] })),
    ).toEqual(["items[0]"]);
    expect(paths(input({ lines: [...input().lines, { laborHours: 2, amountInclVatOre: 500 }] }))).toEqual([
      "items[1].labor_hours",
    ]);
    expect(paths(input({ lines: [...input().lines, { deductionType: "rat", amountInclVatOre: 500 }] }))).toEqual([
      "items[1].deduction_type",
    ]);
    expect(
      violations(
        input({
          lines: [{ deductionType: "rut", workType: "TransportTillForsaljning", amountInclVatOre: 10_000 }],
          housing: {},
        }),
      ),
    ).toEqual([
      {
        path: "items[0].work_type",
        message: "TransportTillForsaljning: the schablon for this service is not supported yet",
      },
    ]);
  });

  it("the home: ROT needs a property designation or an apartment with its association; RUT takes none", () => {
    expect(paths(input({ housing: {} }))).toEqual(["deduction_housing_designation"]);
    expect(
      paths(
        input({ housing: { housingDesignation: "Ort 1:1", apartmentNumber: "1203", brfOrgNumber: "769600-2117" } }),
      ),
    ).toEqual(["deduction_housing_designation"]);
    expect(paths(input({ housing: { apartmentNumber: "1203" } }))).toEqual(["deduction_brf_org_number"]);
    expect(paths(input({ housing: { brfOrgNumber: "769600-2117" } }))).toEqual(["deduction_apartment_number"]);
    // a personnummer is a sole trader's number, not a housing association's
    expect(paths(input({ housing: { apartmentNumber: "1203", brfOrgNumber: "840601-2388" } }))).toEqual([
      "deduction_brf_org_number",
    ]);
    expect(paths(input({ housing: { housingDesignation: "x".repeat(41) } }))).toEqual([
      "deduction_housing_designation",
    ]);
    expect(ok(input({ housing: { apartmentNumber: "1203", brfOrgNumber: "769600-2117" } })).housing).toEqual({
      housingDesignation: null,
      apartmentNumber: "1203",
      brfOrgNumber: "167696002117",
    });
    expect(
      paths(
        input({ lines: [{ deductionType: "rut", workType: "Stadning", laborHours: 1, amountInclVatOre: 10_000 }] }),
      ),
    ).toEqual(["deduction_housing_designation"]);
  });

  it("buyers without a deduction line, deduction lines without buyers", () => {
    expect(paths(input({ lines: [{ amountInclVatOre: 10_000 }], housing: {} }))).toEqual(["deduction_personnummer"]);
    expect(paths(input({ buyers: [] }))).toEqual(["deduction_personnummer"]);
  });

  it("shares from the API: fractions with at most four decimals", () => {
    expect([0.5, 1, 0.3333, 0.0001].map(shareToBp)).toEqual([5000, 10_000, 3333, 1]);
    expect([0, 1.0001, 0.33333, -0.5, Number.NaN].map(shareToBp)).toEqual([null, null, null, null, null]);
  });

  it("a date without rules", () => {
    expect(paths(input({ date: "2020-06-01" }))).toEqual(["invoice_date"]);
  });

  it("reports every violation at once", () => {
    expect(paths(input({ customerType: "eu_business", buyers: [{ personnummer: "1" }], housing: {} }))).toEqual([
      "customer_id",
      "deduction_personnummer[0].personnummer",
      "deduction_housing_designation",
    ]);
  });
});

describe("credit notes reverse the deduction in proportion", () => {
  const original = ok(
    input({
      buyers: [
        { personnummer: A, shareBp: 5000 },
        { personnummer: B, shareBp: 5000 },
      ],
      lines: [
        { deductionType: "rot", workType: "Bygg", laborHours: 10, amountInclVatOre: kr(10_001) },
        { deductionType: "rut", workType: "Stadning", laborHours: 4, amountInclVatOre: kr(2_000) },
      ],
    }),
  );

  it("the original: 1 500 kr ROT (1 500.15 rounded down) and 500 kr RUT per buyer", () => {
    expect(original.buyers.map((b) => b.deductionOre)).toEqual([
      { rot: kr(1_500), rut: kr(500) },
      { rot: kr(1_500), rut: kr(500) },
    ]);
  });

  it("a full credit reverses exactly the whole deduction", () => {
    const r = creditDeduction({ original, creditedBeforeOre: { rot: 0, rut: 0 }, creditedNowOre: original.labourOre });
    expect(r.ok && r.value.totalOre).toBe(original.totalOre);
  });

  it("part of the ROT labour: the reversal rounds up, so what is left stays within 30 % of what is left", () => {
    const r = creditDeduction({
      original,
      creditedBeforeOre: { rot: 0, rut: 0 },
      creditedNowOre: { rot: kr(3_000), rut: 0 },
    });
    if (!r.ok) throw new Error();
    // per buyer 1 500 x 3 000 / 10 001 = 449.955 -> 450 kr
    expect(r.value.buyers.map((b) => b.reversedOre)).toEqual([
      { rot: kr(450), rut: 0 },
      { rot: kr(450), rut: 0 },
    ]);
    // left per buyer: 1 050 kr of deduction on 3 500.50 kr of labour (30 % = 1 050.15 kr)
    const leftLabourPerBuyer = (kr(10_001) - kr(3_000)) / 2;
    expect(kr(1_500) - kr(450)).toBeLessThanOrEqual(leftLabourPerBuyer * 0.3);
  });

  it("two partial credits add up to one full credit", () => {
    const first = creditDeduction({
      original,
      creditedBeforeOre: { rot: 0, rut: 0 },
      creditedNowOre: { rot: kr(4_000), rut: kr(500) },
    });
    const second = creditDeduction({
      original,
      creditedBeforeOre: { rot: kr(4_000), rut: kr(500) },
      creditedNowOre: { rot: kr(6_001), rut: kr(1_500) },
    });
    if (!first.ok || !second.ok) throw new Error();
    expect(first.value.totalOre + second.value.totalOre).toBe(original.totalOre);
    expect(first.value.reversedOre).toEqual({ rot: kr(1_200), rut: kr(250) });
  });

  it("refuses to credit more labour than the invoice has", () => {
    const r = creditDeduction({
      original,
      creditedBeforeOre: { rot: kr(10_000), rut: 0 },
      creditedNowOre: { rot: kr(2), rut: 0 },
    });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.violations).toEqual([
      { path: "items", message: "the credit notes credit more ROT labour than the invoice has" },
    ]);
  });
});
