// The automatic year (issue #43, "Done when"), PART ONE: the contracts. A small company's three
// contracts (monthly rent, quarterly service, yearly licence) are invoiced by the minute sweep over
// 2027; a second company books the same sales by hand (POST /invoices + mark-sent). Every figure of
// the trial balance and of the four quarters' VAT declarations must be equal. The whole year, with
// bank rows, rules and the thirty PDF supplier invoices, is automatic-year-bank.test.ts.
import { describe, expect, it } from "vitest";
import { companyFixture, runJob } from "../helpers";
import {
  balances,
  CONTRACTS,
  contractBody,
  customer,
  expectOk,
  get,
  post,
  quarterBoxes,
  restoreClockAfterEach,
  today,
  YEAR_2027,
} from "../year-api";

const auto = companyFixture({ name: "Automatbolaget AB", ...YEAR_2027 });
const hand = companyFixture({ name: "Handbolaget AB", ...YEAR_2027 });
restoreClockAfterEach();

describe("the automatic year: contracts", () => {
  it("invoices three contracts by the sweep and books them as the hand company does", async () => {
    today("2026-12-15");
    let made = 0;
    for (const k of CONTRACTS) {
      expectOk(await post(auto, "/invoice-contracts", contractBody(k, await customer(auto, k.who))), 201);
      // the hand company: the same invoices, one by one
      const hid = await customer(hand, k.who);
      for (let m = 0; m < 12; m += k.every) {
        const inv = expectOk(
          await post(hand, "/invoices", {
            customer_id: hid,
            invoice_date: `2027-${String(m + 1).padStart(2, "0")}-01`,
            items: k.items,
          }),
          201,
        );
        expectOk(await post(hand, `/invoices/${inv.id}/mark-sent`, {}));
        made++;
      }
    }
    // the minute sweep, run on each month's first day
    for (let m = 1; m <= 12; m++) {
      today(`2027-${String(m).padStart(2, "0")}-01`);
      await runJob({ type: "invoice_contracts.sweep" });
    }
    const list = expectOk(await get(auto, "/invoices?limit=100"));
    const rows = Array.isArray(list) ? list : (list.invoices ?? list.items);
    expect(rows).toHaveLength(made);
    expect(made).toBe(12 + 4 + 1);
    const tb = await balances(auto);
    expect(tb).toEqual(await balances(hand));
    expect(tb["1510"]).toBeGreaterThan(0);
    // the VAT declaration of each quarter: equal too
    expect(await quarterBoxes(auto)).toEqual(await quarterBoxes(hand));
  }, 90_000);
});
