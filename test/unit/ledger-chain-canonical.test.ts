// The chain's canonical forms with the fixed vectors of docs/verifiable-ledger.md ("A worked
// example", version 1 and version 2 with documents): the service (src/ledger/chain.ts) and the
// offline verifier (bin/ledger-verify.mjs) must make the same text and the same SHA-256, and
// the version 2 hashes are checked against node:crypto's SHA-256 of the documented text.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain Node script without types
import { canonical, canonicalDocument } from "../../bin/ledger-verify.mjs";
import {
  canonicalDocument as serviceDocument,
  canonicalEntry,
  documentHash,
  entryHash,
  GENESIS,
} from "../../src/ledger/chain";

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

describe("the chain's canonical form, version 1 (rows chained before migration 0061)", () => {
  it("is the documented text, and its SHA-256 the documented hash", async () => {
    expect(canonicalEntry(COMPANY, 1, GENESIS, SALE, 1)).toBe(TEXT);
    expect(await entryHash(COMPANY, 1, GENESIS, SALE, 1)).toBe(HASH);
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
    expect(canonical(COMPANY, 1, GENESIS, e, 1)).toBe(TEXT);
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
    expect(await entryHash(COMPANY, 2, HASH, reversal, 1)).toBe(
      "4c787c7415c05a8f1f8bf865a370098b19df4c4e64cf90df4eabf48d2f44882f",
    );
  });
});

// Version 2: the same sale with two documents linked when it was posted (given out of order),
// then a bank statement linked to it afterwards, which takes place 2 of its own. The documents'
// SHA-256 are those of the UTF-8 texts below, as a reader recomputes them with sha256sum.
const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");
const RECEIPT = sha256("Kvitto 2026-03-15 1 250,00 kr");
const CASH_REPORT = sha256("Kassarapport 2026-03-15");
const STATEMENT = sha256("Kontoutdrag mars 2026");
const TEXT_V2 =
  '{"v":2,"company_id":"0b7e3c1a-5d2f-4a8e-9c61-3f4d2b1a0e77","seq":1,' +
  '"prev":"0000000000000000000000000000000000000000000000000000000000000000","kind":"entry",' +
  '"id":"5f0c2d9e-8b1a-4c3d-9e7f-1a2b3c4d5e6f","date":"2026-03-15","series":"A","number":1,' +
  '"description":"Kontantförsäljning","reverses_id":null,"correction_of_id":null,' +
  '"lines":[["1930",125000,0,[],null],["3001",0,100000,[["1","100"],["6","P1"]],"Försäljning 25 %"],["2611",0,25000,[],null]],' +
  '"documents":["933f9c1bd75b3e39b0987944b4ddaa079f257b96e690a038be175ce1b5f4485e",' +
  '"f284fc9d2f6e0a394c4c9c79c84f71d9813a8837e5e2979293c1affe9e403155"]}';
const HASH_V2 = "0cb541b42f9a1556543419ecc862ca8086759ed0f31e46898e0e33bc663563ee";
const DOCUMENT = {
  kind: "document" as const,
  documentId: "3c2b1a09-8f7e-4d6c-b5a4-938271605f4e",
  entryId: SALE.id,
  sha256: STATEMENT,
};
const TEXT_DOCUMENT =
  '{"v":2,"company_id":"0b7e3c1a-5d2f-4a8e-9c61-3f4d2b1a0e77","seq":2,' +
  '"prev":"0cb541b42f9a1556543419ecc862ca8086759ed0f31e46898e0e33bc663563ee","kind":"document",' +
  '"id":"3c2b1a09-8f7e-4d6c-b5a4-938271605f4e","entry_id":"5f0c2d9e-8b1a-4c3d-9e7f-1a2b3c4d5e6f",' +
  '"sha256":"cb62bbc15629751abe83be4ee5001e62201f0b13d1e02afa1277cddf3158655f"}';
const HASH_DOCUMENT = "81d5ba2c165bd8dc60d265d1ffc91ab0d6833b71cee730b7c2b0e98c288d947f";

describe("the chain's canonical form, version 2 (documents)", () => {
  const sale = { ...SALE, documents: [RECEIPT, CASH_REPORT] };

  it("an entry names its documents' SHA-256, sorted: the documented text and hash", async () => {
    expect([RECEIPT, CASH_REPORT, STATEMENT]).toEqual([
      "f284fc9d2f6e0a394c4c9c79c84f71d9813a8837e5e2979293c1affe9e403155",
      "933f9c1bd75b3e39b0987944b4ddaa079f257b96e690a038be175ce1b5f4485e",
      "cb62bbc15629751abe83be4ee5001e62201f0b13d1e02afa1277cddf3158655f",
    ]);
    expect(canonicalEntry(COMPANY, 1, GENESIS, sale)).toBe(TEXT_V2);
    expect(sha256(TEXT_V2)).toBe(HASH_V2);
    expect(await entryHash(COMPANY, 1, GENESIS, sale)).toBe(HASH_V2);
    // without documents the list is empty, never left out
    expect(canonicalEntry(COMPANY, 1, GENESIS, SALE)).toMatch(/,"documents":\[\]\}$/);
  });

  it("a document linked later has a place of its own: the documented text and hash", async () => {
    expect(serviceDocument(COMPANY, 2, HASH_V2, DOCUMENT)).toBe(TEXT_DOCUMENT);
    expect(sha256(TEXT_DOCUMENT)).toBe(HASH_DOCUMENT);
    expect(await documentHash(COMPANY, 2, HASH_V2, DOCUMENT)).toBe(HASH_DOCUMENT);
  });

  it("the offline verifier makes the same texts", () => {
    const e = {
      id: SALE.id,
      date: SALE.entryDate,
      series: "A",
      number: 1,
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
      documents: [RECEIPT, CASH_REPORT],
    };
    expect(canonical(COMPANY, 1, GENESIS, e, 2)).toBe(TEXT_V2);
    expect(
      canonicalDocument(COMPANY, 2, HASH_V2, { id: DOCUMENT.documentId, entry_id: SALE.id, sha256: STATEMENT }),
    ).toBe(TEXT_DOCUMENT);
  });
});
