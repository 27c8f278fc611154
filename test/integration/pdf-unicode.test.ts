// Every PDF the service produces embeds DejaVu Sans (subset), so names outside Latin-1
// print as written: before, a report with such a name answered 500 (pdf-lib's WinAnsi
// fonts throw) and an invoice printed "?". And the statements are laid out as a Swedish
// accountant expects (TILLGÅNGAR / EGET KAPITAL OCH SKULDER, subtotals, page numbers).
import { SELF } from "cloudflare:test";
import { PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, call, line, newActor, newCompany, postedEntry, write, type Actor } from "../helpers";
import { pdfText } from "../pdf-text";

const NAME = "Łódź ĀŽ – ”” € Handel AB";
const ACCOUNT_NAME = "Bank Łódź – ”special” €";
let actor: Actor;
let company: Awaited<ReturnType<typeof newCompany>>;
const url = (p: string) => `/api/v1/companies/${company.id}${p}`;

async function pdf(path: string) {
  const res = await SELF.fetch(`${BASE}${url(path)}`, { headers: { Authorization: `Bearer ${actor.key}` } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(res.status, new TextDecoder().decode(bytes.slice(0, 400))).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/pdf");
  return { bytes, doc: await PDFDocument.load(bytes), text: await pdfText(bytes) };
}

/** pdf-lib names an embedded subset after the font and a tag: "DejaVuSans-4899". */
const DEJAVU = [expect.stringMatching(/^\/DejaVuSans-\d+$/), expect.stringMatching(/^\/DejaVuSans-Bold-\d+$/)];

/** The base fonts a PDF's pages use. */
function fontNames(doc: PDFDocument): string[] {
  const names = new Set<string>();
  for (const page of doc.getPages()) {
    const fonts = page.node.Resources()?.lookup(PDFName.of("Font"), PDFDict);
    for (const [, ref] of fonts?.entries() ?? [])
      names.add(String((doc.context.lookup(ref) as PDFDict).get(PDFName.of("BaseFont"))));
  }
  return [...names].sort();
}

beforeAll(async () => {
  actor = await newActor();
  company = await newCompany(actor.key, { name: NAME });
  const renamed = await write(actor.key, "PATCH", url("/accounts/1930"), { name: ACCOUNT_NAME });
  expect(renamed.status).toBe(200);
  const post = (date: string, description: string, lines: unknown[]) =>
    postedEntry(actor.key, company.id, company.fiscal_period.id, { entry_date: date, description, lines });
  // A1 capital 1930 D 50 000 / 2081 C 50 000; A2 sale 1930 D 12 500 / 3001 C 10 000, 2611 C 2 500;
  // A3 machine 1220 D 20 000, 2641 D 5 000 / 1930 C 25 000; A4 rent 5010 D 8 000 / 1930 C 8 000
  await post("2026-01-02", "Aktiekapital", [line("1930", 50000, 0), line("2081", 0, 50000)]);
  await post("2026-01-15", "Försäljning", [line("1930", 12500, 0), line("3001", 0, 10000), line("2611", 0, 2500)]);
  await post("2026-02-01", "Maskin", [line("1220", 20000, 0), line("2641", 5000, 0), line("1930", 0, 25000)]);
  await post("2026-02-20", "Hyra", [line("5010", 8000, 0), line("1930", 0, 8000)]);
});

describe("report PDFs with names outside Latin-1", () => {
  it("renders the balance sheet as a balansräkning with the company's and the account's names as written", async () => {
    const { doc, text } = await pdf(`/reports/balance-sheet/pdf?period_id=${company.fiscal_period.id}`);
    expect(fontNames(doc)).toEqual(DEJAVU);
    expect(text).toContain(NAME);
    expect(text).toContain(ACCOUNT_NAME);
    const lines = text.split("\n");
    const at = (s: string) => lines.indexOf(s);
    // the headings in the order of a balansräkning, Summa tillgångar right after the assets
    const order = [
      "TILLGÅNGAR",
      "Anläggningstillgångar",
      "Materiella anläggningstillgångar",
      "Summa anläggningstillgångar",
      "Omsättningstillgångar",
      "Kortfristiga fordringar",
      "Kassa och bank",
      "Summa omsättningstillgångar",
      "Summa tillgångar",
      "EGET KAPITAL OCH SKULDER",
      "Eget kapital",
      "Summa eget kapital",
      "Summa eget kapital och skulder",
    ];
    for (const h of order) expect(at(h), h).toBeGreaterThan(-1);
    expect(order.map(at)).toEqual([...order.map(at)].sort((a, b) => a - b));
    // 1220 20 000 fixed; the VAT net (sweden/vat-balance.ts), 5 000 input less 2 500 output, a 2 500
    // claim + 1930 29 500 current = 32 000; 52 000 in all. (This test used to show 2641 gross among
    // the receivables and 2611 among the liabilities, 54 500 in all.)
    expect(lines[at("Summa anläggningstillgångar") + 1]).toBe("20 000,00");
    expect(lines[at("Summa omsättningstillgångar") + 1]).toBe("32 000,00");
    expect(lines[at("Summa tillgångar") + 1]).toBe("52 000,00");
    expect(lines[at("Summa eget kapital och skulder") + 1]).toBe("52 000,00");
    // both VAT accounts among the receivables, output VAT negative there; no liability left at all
    const receivables = lines.slice(at("Kortfristiga fordringar"), at("Kassa och bank"));
    expect(receivables).toEqual(expect.arrayContaining(["2611", "-2 500,00", "2641", "5 000,00"]));
    expect(receivables[receivables.indexOf("Summa kortfristiga fordringar") + 1]).toBe("2 500,00");
    expect(at("Kortfristiga skulder")).toBe(-1);
    // the period end is the default date; a page number and the running header
    expect(text).toContain("Per 2026-12-31, räkenskapsår 2026-01-01 – 2026-12-31");
    expect(text).toContain("Sida 1 av 1");
    expect(text).toContain(`${NAME}  ·  org.nr 556016-0680`);
  });

  it("renders the income statement with its result lines and page numbers", async () => {
    const { text } = await pdf(`/reports/income-statement/pdf?period_id=${company.fiscal_period.id}`);
    expect(text).toContain(NAME);
    const lines = text.split("\n");
    const after = (s: string) => lines[lines.indexOf(s) + 1];
    expect(after("Summa rörelseintäkter")).toBe("10 000,00");
    expect(after("Summa rörelsekostnader")).toBe("-8 000,00");
    expect(after("Rörelseresultat")).toBe("2 000,00");
    expect(after("Årets resultat")).toBe("2 000,00");
    expect(text).toContain("Sida 1 av 1");
  });

  it("numbers every page of a long statement and repeats the header on each", async () => {
    const big = await newCompany(actor.key, { name: "Många Konton Ł AB" });
    const chart = await call("GET", `/api/v1/companies/${big.id}/accounts?limit=2000`, { key: actor.key });
    const costs = chart.body.data
      .map((a: any) => a.account_number)
      .filter((n: string) => n >= "5000" && n < "7000")
      .slice(0, 70);
    expect(costs).toHaveLength(70);
    const lines = costs.map((n: string) => line(n, 100, 0));
    const total = lines.length * 100;
    const res = await postedEntry(actor.key, big.id, big.fiscal_period.id, {
      entry_date: "2026-03-01",
      description: "Många kostnader",
      lines: [...lines, line("1930", 0, total)],
    });
    expect(res.id).toBeTruthy();
    const r = await SELF.fetch(
      `${BASE}/api/v1/companies/${big.id}/reports/income-statement/pdf?period_id=${big.fiscal_period.id}`,
      { headers: { Authorization: `Bearer ${actor.key}` } },
    );
    const bytes = new Uint8Array(await r.arrayBuffer());
    expect(r.status).toBe(200);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(2);
    const text = await pdfText(bytes);
    expect(text).toContain("Sida 1 av 2");
    expect(text).toContain("Sida 2 av 2");
    // the section broken by the page goes on under its heading
    expect(text).toContain("Övriga externa kostnader (forts.)");
    expect(
      text.split("\n").filter((l) => l === "Resultaträkning  ·  Räkenskapsår 2026-01-01 – 2026-12-31"),
    ).toHaveLength(2);
  });
});

describe("invoice PDFs with Polish letters", () => {
  it("prints the customer's name and the item as written, not as '?'", async () => {
    const customer = await write(actor.key, "POST", url("/customers"), {
      name: "Zakład Łączności Żółć sp. z o.o.",
      customer_type: "swedish_business",
      address_line1: "ul. Świętokrzyska 12",
      postal_code: "00-916",
      city: "Kraków",
      default_payment_terms: 30,
    });
    expect(customer.status).toBe(201);
    const inv = await write(actor.key, "POST", url("/invoices"), {
      customer_id: customer.body.data.id,
      invoice_date: "2026-03-02",
      items: [{ description: "Usługa – źródło ąęćńóśźż", quantity: 1, unit_price: 1000, vat_rate: 0.25 }],
    });
    expect(inv.status).toBe(201);
    const { doc, text } = await pdf(`/invoices/${inv.body.data.id}/pdf`);
    expect(fontNames(doc)).toEqual(DEJAVU);
    expect(text).toContain("Zakład Łączności Żółć sp. z o.o.");
    expect(text).toContain("ul. Świętokrzyska 12");
    expect(text).toContain("Usługa – źródło ąęćńóśźż");
    expect(text).toContain(NAME);
    expect(text).not.toMatch(/Zak\?ad|\?ód\?/);
  });
});

describe("the font is subset", () => {
  it("keeps a report PDF small: only the glyphs used are embedded", async () => {
    const { bytes } = await pdf(`/reports/balance-sheet/pdf?period_id=${company.fiscal_period.id}`);
    // DejaVu Sans is 757 kB and the bold 706 kB; a subset of a page's glyphs is a few dozen kB
    expect(bytes.byteLength).toBeLessThan(150_000);
  });
});
