// Issue #41 items 2-4 and 9: every reader of an outside file refuses a file past each of its
// limits (src/formats/limits.ts) with FILE_LIMIT_EXCEEDED naming the limit, before the work the
// file would cost; names of Object.prototype's properties never reach an object; a camt DtTm
// must be a real time; and the CSV the service writes neutralises formula-like text fields.
// The hostile files are made here: a zip bomb with fflate, deep XML as strings.
import { strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
const docs = Object.values(
  import.meta.glob("../../docs/hardening.md", { query: "?raw", import: "default", eager: true }),
)[0] as string;
import { neutraliseCsvText } from "../../src/formats/csv-cell";
import { checkTextLines, FILE_LIMITS, FileLimitError } from "../../src/formats/limits";
import { checkXmlBounds, XmlNameError } from "../../src/formats/xml-bounds";
import { BankFileError, parseBankFile } from "../../src/sweden/bank";
import { euSalesListFileText } from "../../src/sweden/eu-sales-list";
import { sieLines } from "../../src/sweden/sie/stream";
import { parseTaxAccountFile, TaxAccountFileError } from "../../src/sweden/tax-account";
import { xlsxOf } from "../tax-account-file";

const deep = (n: number) => `<a>${"<b>".repeat(n)}x${"</b>".repeat(n)}</a>`;
const limitOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof FileLimitError) return err.details();
    if (err instanceof BankFileError || err instanceof TaxAccountFileError)
      return { reason: err.code, ...(err.details as object) };
    if (err instanceof XmlNameError) return { name: err.found, kind: err.kind };
    throw err;
  }
  return null;
};

describe("the XML scan before parsing", () => {
  it("counts depth, elements and attributes and passes a document within them", () => {
    expect(checkXmlBounds('<?xml version="1.0"?><a x="1"><!-- <z> --><b/><c y=\'>\'>t</c></a>', "camt")).toEqual({
      depth: 2,
      elements: 3,
      attributes: 2,
    });
  });

  it.each([100, 1000, 500_000])("refuses %i levels at camt's depth limit of 32", (n) => {
    expect(limitOf(() => checkXmlBounds(deep(n), "camt"))).toMatchObject({ limit: "depth", max: 32 });
  });

  it("allows exactly the depth limit and refuses one more", () => {
    expect(checkXmlBounds(deep(FILE_LIMITS.camt.depth - 1), "camt").depth).toBe(32);
    expect(limitOf(() => checkXmlBounds(deep(FILE_LIMITS.camt.depth), "camt"))).toMatchObject({ limit: "depth" });
  });

  it("refuses one element and one attribute past the limits", () => {
    const max = FILE_LIMITS.camt.elements;
    expect(limitOf(() => checkXmlBounds(`<a>${"<b/>".repeat(max)}</a>`, "camt"))).toMatchObject({
      limit: "elements",
      max,
    });
    expect(() => checkXmlBounds(`<a>${"<b/>".repeat(max - 1)}</a>`, "camt")).not.toThrow();
    const attrs = Array.from({ length: FILE_LIMITS.camt.attributes + 1 }, (_, i) => `a${i}="1"`).join(" ");
    expect(limitOf(() => checkXmlBounds(`<a ${attrs}/>`, "camt"))).toMatchObject({ limit: "attributes" });
  });

  it.each([
    ["<Document><__proto__><x>1</x></__proto__></Document>", "__proto__", "element"],
    ["<Document><ns:constructor>1</ns:constructor></Document>", "ns:constructor", "element"],
    ['<Document __proto__="1"/>', "__proto__", "attribute"],
    ["<Document><toString/></Document>", "toString", "element"],
    ['<!DOCTYPE a [<!ENTITY x "y">]><a/>', "DOCTYPE", "doctype"],
  ])("refuses %s", (xml, name, kind) => {
    expect(limitOf(() => checkXmlBounds(xml, "camt"))).toEqual({ name, kind });
  });
});

describe("lines counted and measured", () => {
  it("refuses the line past the line limit and the line longer than the length limit, naming it", () => {
    const max = FILE_LIMITS.bank_csv.lines;
    expect(() => checkTextLines("a\n".repeat(max - 1), "bank_csv")).not.toThrow();
    expect(limitOf(() => checkTextLines("a\n".repeat(max), "bank_csv"))).toMatchObject({ limit: "lines", max });
    const long = `ok\n${"x".repeat(FILE_LIMITS.bgmax.lineLength + 1)}\n`;
    expect(limitOf(() => checkTextLines(long, "bgmax"))).toMatchObject({ limit: "lineLength", line: 2, max: 1024 });
  });
});

const CAMT_HEAD =
  '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Id>S1</Id><Acct><Id><IBAN>SE4550000000058398257466</IBAN></Id><Ccy>SEK</Ccy></Acct>';
const entry = (bookg: string) =>
  `<Ntry><Amt Ccy="SEK">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt>${bookg}</BookgDt><AcctSvcrRef>R1</AcctSvcrRef></Ntry>`;
const camt = (body: string) => new TextEncoder().encode(`${CAMT_HEAD}${body}</Stmt></BkToCstmrStmt></Document>`);

describe("camt files", () => {
  it.each([100, 5000, 500_000])(
    "refuses a document nested %i levels: FILE_LIMIT_EXCEEDED, not an internal error",
    (n) => {
      const bytes = camt(`<Ntry>${"<AddtlNtryInf>".repeat(n)}x${"</AddtlNtryInf>".repeat(n)}</Ntry>`);
      expect(limitOf(() => parseBankFile(bytes))).toMatchObject({ reason: "FILE_LIMIT_EXCEEDED", limit: "depth" });
    },
  );

  it("refuses __proto__ and constructor elements as malformed, and Object.prototype stays clean", () => {
    for (const name of ["__proto__", "constructor", "prototype"]) {
      const bytes = camt(`<${name}><polluted>yes</polluted></${name}>${entry("<Dt>2025-01-15</Dt>")}`);
      expect(limitOf(() => parseBankFile(bytes))).toMatchObject({ reason: "BANK_FILE_MALFORMED", element: name });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("rejects a row whose DtTm is 25:99, naming it, and reads a real DtTm's day", () => {
    const good = parseBankFile(camt(entry("<DtTm>2025-01-15T23:59:59+01:00</DtTm>")));
    expect(good.statements[0].rows.map((r) => r.booking_date)).toEqual(["2025-01-15"]);
    for (const bad of ["2025-01-15T25:99:00", "2025-01-15T12:60:00", "2025-01-15xyz"]) {
      const tag = bad.includes("T") ? "DtTm" : "Dt";
      const res = parseBankFile(camt(entry(`<${tag}>${bad}</${tag}>`)));
      expect(res.statements[0].rows).toEqual([]);
      expect(res.rejected[0].reason).toContain(`"${bad}" is not a real calendar date`);
    }
  });
});

describe("the tax-account xlsx", () => {
  it("refuses a zip bomb by the bytes it inflates, not the archive's 100 KB", () => {
    // 48 MiB of one repeated row (the probe's was 100 MB; this isolate is the test's too),
    // deflated to about 50 KB (deflate's ratio of about 1 000)
    const row = '<row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row>';
    const sheet = new Uint8Array(48 * 1024 * 1024);
    const unit = strToU8(row);
    for (let i = 0; i + unit.length <= sheet.length; i += unit.length) sheet.set(unit, i);
    const bomb = zipSync({ "xl/worksheets/sheet1.xml": [sheet, { level: 9 }] });
    expect(bomb.length).toBeLessThan(FILE_LIMITS.tax_account_xlsx.bytes);
    expect(limitOf(() => parseTaxAccountFile(bomb))).toMatchObject({
      reason: "FILE_LIMIT_EXCEEDED",
      limit: "inflatedBytes",
      max: 4 * 1024 * 1024,
      part: "xl/worksheets/sheet1.xml",
    });
  });

  it("does not read a cell in column ZZZZZ (nor allocate up to it), and reads the rows", () => {
    const bytes = xlsxOf([
      ["Bokföringsdag", "Transaktion", "Belopp"],
      [{ date: "2025-03-12" }, "Debiterad preliminärskatt", -1500],
    ]);
    const withFar = patchSheet(bytes, (xml) => xml.replace("</row>", '<c r="ZZZZZ1"><v>1</v></c></row>'));
    const file = parseTaxAccountFile(withFar);
    expect(file.rows).toEqual([
      {
        line: 2,
        date: "2025-03-12",
        description: "Debiterad preliminärskatt",
        amountOre: -150000,
        balanceAfterOre: null,
      },
    ]);
  });

  it("refuses a sheet of more rows than the limit", () => {
    const rows = Array.from({ length: FILE_LIMITS.tax_account_xlsx.rows + 1 }, () => ["a"]);
    expect(limitOf(() => parseTaxAccountFile(xlsxOf(rows)))).toMatchObject({ limit: "rows", max: 6000 });
  });

  it.each([
    ["an archive cut in half", (b: Uint8Array) => b.subarray(0, b.length >> 1)],
    ["a sheet nested 1 000 levels", (b: Uint8Array) => patchSheet(b, (x) => x.replace("<sheetData>", deep(1000)))],
    [
      "a __proto__ element",
      (b: Uint8Array) => patchSheet(b, (x) => x.replace("<sheetData>", "<__proto__/><sheetData>")),
    ],
    ["a sheet that is not XML", (b: Uint8Array) => patchSheet(b, () => "<<<>>>&&&")],
  ])("answers %s as a refusal with a code, never a plain error", (_, make) => {
    const bytes = make(xlsxOf([["Bokföringsdag", "Transaktion", "Belopp"]]));
    const details = limitOf(() => parseTaxAccountFile(bytes));
    expect(["FILE_LIMIT_EXCEEDED", "TAX_ACCOUNT_FILE_UNREADABLE", "TAX_ACCOUNT_FILE_UNRECOGNISED"]).toContain(
      details?.reason,
    );
  });
});

/** The workbook with its sheet's XML changed. */
function patchSheet(bytes: Uint8Array, change: (xml: string) => string): Uint8Array {
  const files = unzipSync(bytes);
  const name = "xl/worksheets/sheet1.xml";
  files[name] = strToU8(change(new TextDecoder().decode(files[name])));
  return zipSync(files);
}

describe("SIE lines", () => {
  const stream = (text: string) =>
    new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode(text));
        c.close();
      },
    });
  const read = async (text: string) => {
    for await (const _ of sieLines(stream(text), "utf-8"));
  };

  it("refuses a line longer than the limit, naming it, and a line with no end as soon as it passes the limit", async () => {
    const long = "x".repeat(FILE_LIMITS.sie.lineLength + 1);
    await expect(read(`#FLAGGA 0\n${long}\n`)).rejects.toMatchObject({ limit: "lineLength", at: { line: 2 } });
    await expect(read(`#FLAGGA 0\n${long}`)).rejects.toMatchObject({ limit: "lineLength", at: { line: 2 } });
    await expect(read(`#FLAGGA 0\n${"x".repeat(FILE_LIMITS.sie.lineLength)}\n`)).resolves.toBeUndefined();
  });
});

describe("CSV the service writes (OWASP CSV injection)", () => {
  it.each([
    ['=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'],
    ["+SUM(1)", "'+SUM(1)"],
    ["-2+3", "'-2+3"],
    ["@cmd", "'@cmd"],
    ["\tx", "'\tx"],
    ["\rx", "'\rx"],
    ["Per Persson", "Per Persson"],
  ])("neutralises %j", (value, written) => {
    expect(neutraliseCsvText(value)).toBe(written);
  });

  it("the EU sales list neutralises the contact's name and e-mail, keeps the phone and negative amounts", () => {
    const text = euSalesListFileText({
      reporterVatNumber: "SE556000016701",
      periodCode: "2001",
      contact: { name: "=cmd|' /C calc'!A0", phone: "+4612345", email: "@x@y.se" },
      rows: [
        {
          buyerVatNumber: "FI01409351",
          country: "FI",
          amounts: { goods: -1200, triangulation: null, services: 300 },
          invoiceIds: [],
        },
      ],
    });
    expect(text.split("\r\n")[1]).toBe("SE556000016701;2001;'=cmd|' /C calc'!A0;+4612345;'@x@y.se");
    expect(text.split("\r\n")[2]).toBe("FI01409351;-1200;;300;");
  });
});

describe("the docs list the table", () => {
  it("docs/hardening.md has a row per reader with each of its limits", () => {
    const section = docs.slice(docs.indexOf("## Limits of the files we read"));
    for (const [reader, limits] of Object.entries(FILE_LIMITS)) {
      const row = section.split("\n").find((l) => l.startsWith(`| \`${reader}\``));
      expect(row, reader).toBeDefined();
      for (const [key, value] of Object.entries(limits)) {
        if (key === "what" || key === "time") continue;
        expect(row!.replace(/ /g, ""), `${reader}.${key}`).toContain(
          `${key}${(value as number).toLocaleString("en").replace(/,/g, "")}`,
        );
      }
    }
  });
});
