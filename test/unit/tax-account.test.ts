// Skatteverket's tax-account transaction list: reading it (xlsx and CSV) and the counter account
// of each transaction text. Texts as the e-service "Skattekonto" writes them; accounts and names
// from BAS 2026 (shared/data/bas/BAS_kontoplan_2026.csv).
import { describe, expect, it } from "vitest";
import {
  classifyTaxAccountText,
  parseTaxAccountFile,
  type TaxAccountFileError,
  taxAccountEntryLines,
  type ExpectedCharge,
  unmetExpectedCharges,
} from "../../src/sweden/tax-account";
import { xlsxOf } from "../tax-account-file";

const utf8 = (text: string) => new TextEncoder().encode(text);

describe("classifyTaxAccountText", () => {
  it.each([
    ["Moms jan 2026", "vat", "2650", "2026-01"],
    ["Arbetsgivaravgift feb 2026", "employer_contributions", "2731", "2026-02"],
    ["Avdragen skatt feb 2026", "withheld_tax", "2710", "2026-02"],
    ["Debiterad preliminärskatt mar 2026", "preliminary_tax", "2518", "2026-03"],
    ["Inbetalning bokförd 260312", "payment", "1930", null],
    ["Utbetalning", "payout", "1930", null],
    ["Kostnadsränta", "cost_interest", "8423", null],
    ["Intäktsränta", "income_interest", "8314", null],
    ["Slutlig skatt 2025", "other", null, null],
  ])("%s -> %s against %s", (text, kind, account, period) => {
    expect(classifyTaxAccountText(text)).toEqual({ kind, counter_account: account, period });
  });

  it("is not fooled by case or spacing", () => {
    expect(classifyTaxAccountText("  MOMS   okt 2025 ").kind).toBe("vat");
    expect(classifyTaxAccountText("Moms okt 2025").period).toBe("2025-10");
  });
});

describe("taxAccountEntryLines", () => {
  it("a charge credits 1630 and debits the counter account", () => {
    expect(taxAccountEntryLines(-1_250_000, "2650")).toEqual([
      { account: "1630", debit: 0, credit: 1_250_000 },
      { account: "2650", debit: 1_250_000, credit: 0 },
    ]);
  });
  it("a payment in debits 1630 and credits the counter account", () => {
    expect(taxAccountEntryLines(3_000_000, "1930")).toEqual([
      { account: "1630", debit: 3_000_000, credit: 0 },
      { account: "1930", debit: 0, credit: 3_000_000 },
    ]);
  });
});

describe("parseTaxAccountFile", () => {
  it("reads the spreadsheet under its title, newest first as listed, into date order", () => {
    const file = xlsxOf([
      ["Skattekonto 556677-8899 Exempel AB"],
      [],
      ["Bokföringsdag", "Transaktion", "Belopp", "Saldo"],
      [{ date: "2026-03-12" }, "Inbetalning bokförd 260312", 40000, 12.5],
      [{ date: "2026-02-12" }, "Moms jan 2026", -39987.5, -39987.5],
      ["", "Ingående saldo", "", 0],
    ]);
    const parsed = parseTaxAccountFile(file);
    expect(parsed.format).toBe("xlsx");
    expect(parsed.problems).toEqual([]);
    expect(parsed.rows).toEqual([
      { line: 5, date: "2026-02-12", description: "Moms jan 2026", amountOre: -3_998_750, balanceAfterOre: -3_998_750 },
      {
        line: 4,
        date: "2026-03-12",
        description: "Inbetalning bokförd 260312",
        amountOre: 4_000_000,
        balanceAfterOre: 1250,
      },
    ]);
  });

  it("takes a binary float's noise as the öre it stands for, and refuses a third decimal", () => {
    const parsed = parseTaxAccountFile(
      xlsxOf([
        ["Datum", "Text", "Belopp"],
        [{ date: "2026-01-03" }, "Kostnadsränta", -1234.5699999999999],
        [{ date: "2026-01-04" }, "Kostnadsränta", -1.234],
      ]),
    );
    expect(parsed.rows.map((r) => r.amountOre)).toEqual([-123_457]);
    expect(parsed.problems).toEqual([{ line: 3, reason: 'belopp "-1.234" is not an amount in kronor and öre' }]);
  });

  it("reads a semicolon CSV with decimal commas and grouped thousands", () => {
    const parsed = parseTaxAccountFile(
      utf8(
        "Bokföringsdag;Transaktion;Belopp;Saldo\n2026-02-12;Arbetsgivaravgift jan 2026;-9 426,00;-9 426,00\n2026-02-12;Avdragen skatt jan 2026;-7 650,00;-17 076,00\n",
      ),
    );
    expect(parsed.format).toBe("csv");
    expect(parsed.rows.map((r) => [r.line, r.date, r.amountOre, r.balanceAfterOre])).toEqual([
      [2, "2026-02-12", -942_600, -942_600],
      [3, "2026-02-12", -765_000, -1_707_600],
    ]);
  });

  it("names each bad row by line and reason: an impossible date, a control character, no amount", () => {
    const parsed = parseTaxAccountFile(
      utf8(
        "Bokföringsdag;Transaktion;Belopp;Saldo\n2026-02-30;Moms jan 2026;-100,00;\n2026-02-12;Moms\u0007 jan;-100,00;\n2026-02-12;Moms jan 2026;tio;\n",
      ),
    );
    expect(parsed.rows).toEqual([]);
    expect(parsed.problems).toEqual([
      { line: 2, reason: 'bokföringsdag "2026-02-30" is not a real date' },
      { line: 3, reason: "the transaction text: control character U+0007 is not allowed in a single-line field" },
      { line: 4, reason: 'belopp "tio" is not an amount in kronor and öre' },
    ]);
  });

  it("refuses a file without the list's header", () => {
    let err: TaxAccountFileError | undefined;
    try {
      parseTaxAccountFile(utf8("a;b;c\n1;2;3\n"));
    } catch (e) {
      err = e as TaxAccountFileError;
    }
    expect(err?.code).toBe("TAX_ACCOUNT_FILE_UNRECOGNISED");
  });

  it("refuses a broken zip as unreadable", () => {
    const bytes = xlsxOf([["Datum", "Text", "Belopp"]]).slice(0, 40);
    expect(() => parseTaxAccountFile(bytes)).toThrow(/zip/);
  });
});

describe("unmetExpectedCharges", () => {
  const charge = (kind: ExpectedCharge["kind"], amountOre: number, bookedOn: string, due: string): ExpectedCharge => ({
    kind,
    source: kind === "vat" ? "vat_settlement" : "salary_run",
    reference: `${kind}-${due}`,
    period: due.slice(0, 7),
    bookedOn,
    due_date: due,
    amountOre,
  });
  const fees = charge("employer_contributions", -1_099_722, "2026-03-25", "2026-04-13");
  const vat = charge("vat", -800_000, "2026-03-31", "2026-05-12");

  it("a row of the kind and amount meets a charge; the AGI's whole kronor meet the booked öre", () => {
    const rows = [{ id: "r1", date: "2026-04-13", description: "Arbetsgivaravgift mar 2026", amountOre: -1_099_700 }];
    expect(unmetExpectedCharges([vat, fees], rows)).toEqual([vat]);
  });

  it("a row of another kind, another amount, or dated before the booking meets nothing", () => {
    const rows = [
      { id: "r1", date: "2026-05-12", description: "Avdragen skatt apr 2026", amountOre: -800_000 },
      { id: "r2", date: "2026-05-12", description: "Moms jan - mar 2026", amountOre: -800_200 },
      { id: "r3", date: "2026-03-20", description: "Moms jan - mar 2026", amountOre: -800_000 },
    ];
    expect(unmetExpectedCharges([vat], rows)).toEqual([vat]);
  });

  it("one row meets one charge: two equal charges need two rows", () => {
    const again = { ...fees, reference: "run-2", bookedOn: "2026-04-25", due_date: "2026-05-12" };
    const rows = [{ id: "r1", date: "2026-04-13", description: "Arbetsgivaravgift mar 2026", amountOre: -1_099_722 }];
    expect(unmetExpectedCharges([fees, again], rows)).toEqual([again]);
  });
});
