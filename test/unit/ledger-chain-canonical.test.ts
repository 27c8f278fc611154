// The chain's canonical form with the fixed vector of docs/verifiable-ledger.md ("A worked
// example"): the service (src/ledger/chain.ts) and the offline verifier (bin/ledger-verify.mjs)
// must make the same text and the same SHA-256.
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain Node script without types
import { canonical } from "../../bin/ledger-verify.mjs";
import { canonicalEntry, entryHash, GENESIS } from "../../src/ledger/chain";

const COMPANY = "0b7e3c1a-5d2f-4a8e-9c61-3f4d2b1a0e77";
const SALE = {
  id: "5f0c2d9e-8b1a-4c3d-9e7f-1a2b3c4d5e6f",
  entryDate: "2026-03-15",
  voucherSeries: "A",
  voucherNumber: 1,
  description: "Kontantförsäljning",
  reversesId: null,
  correctionOfId: null,
  lines: [
    // given out of order: the canonical form orders lines by sort_order and dimensions by key
    { sortOrder: 3, accountNumber: "2611", debitOre: 0, creditOre: 25000, lineDescription: null, dimensions: null },
    { sortOrder: 1, accountNumber: "1930", debitOre: 125000, creditOre: 0, lineDescription: null, dimensions: null },
    {
      sortOrder: 2,
      accountNumber: "3001",
      debitOre: 0,
      creditOre: 100000,
      lineDescription: "Försäljning 25 %",
      dimensions: { "6": "P1", "1": "100" },
    },
  ],
};
const TEXT =
  '{"v":1,"company_id":"0b7e3c1a-5d2f-4a8e-9c61-3f4d2b1a0e77","seq":1,' +
  '"prev":"0000000000000000000000000000000000000000000000000000000000000000","kind":"entry",' +
  '"id":"5f0c2d9e-8b1a-4c3d-9e7f-1a2b3c4d5e6f","date":"2026-03-15","series":"A","number":1,' +
  '"description":"Kontantförsäljning","reverses_id":null,"correction_of_id":null,' +
  '"lines":[["1930",125000,0,[],null],["3001",0,100000,[["1","100"],["6","P1"]],"Försäljning 25 %"],["2611",0,25000,[],null]]}';
const HASH = "769a2d64aa8482eb5d5ae80c32e2a27b548351f38e7ce1e33a05cd2a2f13b11e";

describe("the chain's canonical form", () => {
  it("is the documented text, and its SHA-256 the documented hash", async () => {
    expect(canonicalEntry(COMPANY, 1, GENESIS, SALE)).toBe(TEXT);
    expect(await entryHash(COMPANY, 1, GENESIS, SALE)).toBe(HASH);
  });

  it("is the same text in the offline verifier", () => {
    const e = {
      id: SALE.id,
      date: SALE.entryDate,
      series: SALE.voucherSeries,
      number: SALE.voucherNumber,
      description: SALE.description,
      reverses_id: null,
      correction_of_id: null,
      lines: SALE.lines.map((l) => ({
        sort_order: l.sortOrder,
        account_number: l.accountNumber,
        debit_ore: l.debitOre,
        credit_ore: l.creditOre,
        dimensions: l.dimensions,
        line_description: l.lineDescription,
      })),
    };
    expect(canonical(COMPANY, 1, GENESIS, e)).toBe(TEXT);
  });

  it("the next entry names this hash: the reversal of the worked example", async () => {
    const reversal = {
      ...SALE,
      id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
      entryDate: "2026-03-16",
      voucherNumber: 2,
      description: "Rättelse: Kontantförsäljning",
      reversesId: SALE.id,
      lines: SALE.lines.map((l) => ({ ...l, debitOre: l.creditOre, creditOre: l.debitOre })),
    };
    expect(await entryHash(COMPANY, 2, HASH, reversal)).toBe(
      "4c787c7415c05a8f1f8bf865a370098b19df4c4e64cf90df4eabf48d2f44882f",
    );
  });
});
