// The scripted year of issue #43's "Done when" (test/integration/automatic-year-bank.test.ts): its
// figures, made here and nowhere else. Five suppliers send thirty invoices as PDFs of four layouts
// (Swedish and English labels, VAT at 25, 12 and 6 %, two of them mixed); card purchases at five
// recurring merchants, a bank fee and a tax-account payment every month, three one-off purchases;
// the customers of the three contracts and the company paying its suppliers. Every bank row says
// what a person would decide for it (`intent`); the automatic company is told only in month 1.
// Money in öre integers; VAT of a gross card amount as ML computes it (rate / (1 + rate), to the öre).
import { type PDFFont, PDFDocument, StandardFonts } from "pdf-lib";
import { luhnCheckDigit, ocrWithLength } from "../src/sweden/ocr";

const withLuhn = (digits: string) => `${digits}${luhnCheckDigit(digits)}`;
/** A limited company's organisation number (third digit 2 or more), its tenth digit by Luhn (Skatteverket SKV 709). */
const orgNumber = (nine: string) => {
  const d = withLuhn(nine);
  return `${d.slice(0, 6)}-${d.slice(6)}`;
};
/** A bankgiro number NNN-NNNN, its last digit by Luhn (Bankgirot). */
const bankgiro = (six: string) => {
  const d = withLuhn(six);
  return `${d.slice(0, 3)}-${d.slice(3)}`;
};
const pad = (n: number, w = 2) => String(n).padStart(w, "0");
export const iso = (month: number, day: number) => `2027-${pad(month)}-${pad(day)}`;
export const lastDay = (month: number) => new Date(Date.UTC(2027, month, 0)).getUTCDate();
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export type Layout = "sv-label" | "sv-right" | "en-header" | "en-mixed";
export interface Supplier {
  name: string;
  org: string;
  bankgiro: string;
  account: string;
  layout: Layout;
  /** the VAT rates of its invoices' lines (basis points), each line's text, its net's start and step (kronor) */
  lines: { rateBp: number; text: string; from: number; step: number }[];
  /** how it asks to be paid: an OCR reference, or its invoice number as the payment reference */
  ref: "ocr" | "number";
  /** the total rounded to whole kronor (öresavrundning) */
  rounds?: boolean;
  /** it takes its money by autogiro: the bank row names it in capitals without å, ä, ö and carries no reference */
  autogiro?: boolean;
  number: (seq: number) => string;
}

export const SUPPLIERS: Supplier[] = [
  {
    name: "Kontorsvaror Norden AB",
    org: orgNumber("556123456"),
    bankgiro: bankgiro("505123"),
    account: "6110",
    layout: "sv-label",
    lines: [{ rateBp: 2500, text: "Kopieringspapper och pärmar", from: 840, step: 137 }],
    ref: "ocr",
    number: (s) => `2027${pad(s, 3)}`,
  },
  {
    name: "Storköksgrossisten i Mälardalen AB",
    org: orgNumber("559012345"),
    bankgiro: bankgiro("765432"),
    account: "4010",
    layout: "sv-right",
    lines: [
      { rateBp: 1200, text: "Livsmedel enligt följesedel", from: 1520, step: 53 },
      { rateBp: 2500, text: "Engångsartiklar", from: 410, step: 29 },
    ],
    ref: "ocr",
    rounds: true,
    number: (s) => `F-27${pad(s, 3)}`,
  },
  {
    name: "Nordic Cloud Services AB",
    org: orgNumber("556987654"),
    bankgiro: bankgiro("123456"),
    account: "6540",
    layout: "en-header",
    lines: [{ rateBp: 2500, text: "Cloud hosting and backup, monthly fee", from: 1200, step: 40 }],
    ref: "number",
    number: (s) => `NCS-${1040 + s}`,
  },
  {
    name: "Travel Partner Scandinavia AB",
    org: orgNumber("556345678"),
    bankgiro: bankgiro("234567"),
    account: "5800",
    layout: "en-mixed",
    lines: [
      { rateBp: 600, text: "Train tickets Stockholm - Malmo return", from: 2010, step: 71 },
      { rateBp: 2500, text: "Booking fee", from: 150, step: 0 },
    ],
    ref: "ocr",
    number: (s) => `TP-27-${pad(s, 3)}`,
  },
  {
    name: "Tidningsförlaget Läsa AB",
    org: orgNumber("556456789"),
    bankgiro: bankgiro("345678"),
    account: "6970",
    layout: "sv-label",
    lines: [{ rateBp: 600, text: "Prenumeration Branschnytt, kvartal", from: 300, step: 11 }],
    ref: "ocr",
    autogiro: true,
    number: (s) => `L${88100 + s}`,
  },
];

export interface SupplierInvoice {
  supplier: Supplier;
  number: string;
  date: string;
  due: string;
  ocr: string | null;
  lines: { rateBp: number; text: string; netOre: number; vatOre: number }[];
  netOre: number;
  vatOre: number;
  /** öresavrundning: the total rounded to whole kronor less net and VAT (0 when the supplier does not round) */
  roundingOre: number;
  totalOre: number;
  /** what the company pays it with: the OCR, or the invoice number */
  payWith: string;
}

/** Thirty invoices: three a month in January-June (days 4, 11, 18), two in July-December (days 5, 19), suppliers in turn. */
export const SUPPLIER_INVOICES: SupplierInvoice[] = Array.from({ length: 30 }, (_, j) => {
  const month = j < 18 ? Math.floor(j / 3) + 1 : Math.floor((j - 18) / 2) + 7;
  const day = j < 18 ? [4, 11, 18][j % 3] : [5, 19][(j - 18) % 2];
  const supplier = SUPPLIERS[j % SUPPLIERS.length];
  const seq = Math.floor(j / SUPPLIERS.length) + 1;
  const number = supplier.number(seq);
  const lines = supplier.lines.map((l) => {
    const netOre = (l.from + l.step * j) * 100;
    return { rateBp: l.rateBp, text: l.text, netOre, vatOre: (netOre * l.rateBp) / 10_000 };
  });
  const netOre = lines.reduce((s, l) => s + l.netOre, 0);
  const vatOre = lines.reduce((s, l) => s + l.vatOre, 0);
  const ocr =
    supplier.ref === "ocr" ? ocrWithLength(`${27}${pad(j + 1, 3)}${number.replace(/\D/g, "").slice(-3)}`) : null;
  const date = iso(month, day);
  const roundingOre = supplier.rounds ? Math.round((netOre + vatOre) / 100) * 100 - (netOre + vatOre) : 0;
  return {
    supplier,
    number,
    date,
    due: addDays(date, 20),
    ocr,
    lines,
    netOre,
    vatOre,
    roundingOre,
    totalOre: netOre + vatOre + roundingOre,
    payWith: ocr ?? number,
  };
});

// ---- the PDFs ---------------------------------------------------------------------------------

const kr = (ore: number, style: "sv" | "dots" | "en") => {
  const [whole, frac] = (ore / 100).toFixed(2).split(".");
  const sep = style === "sv" ? " " : style === "dots" ? "." : ",";
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  return `${grouped}${style === "en" ? "." : ","}${frac}`;
};
const pct = (bp: number) => `${bp / 100}`;
const dmy = (d: string, sep: string) => `${d.slice(8)}${sep}${d.slice(5, 7)}${sep}${d.slice(0, 4)}`;
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const named = (d: string) => `${MONTHS[Number(d.slice(5, 7)) - 1]} ${Number(d.slice(8))}, ${d.slice(0, 4)}`;

interface Pen {
  text: (s: string, x: number, y: number, bold?: boolean, size?: number) => void;
  right: (s: string, x: number, y: number, bold?: boolean, size?: number) => void;
}

/** A supplier invoice as its supplier's program would print it: one A4 page of text. */
export async function supplierInvoicePdf(inv: SupplierInvoice, buyer: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setProducer(`year-script ${inv.supplier.layout}`);
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const f = (b?: boolean): PDFFont => (b ? bold : font);
  const pen: Pen = {
    text: (s, x, y, b, size = 10) => page.drawText(s, { x, y, size, font: f(b) }),
    right: (s, x, y, b, size = 10) => page.drawText(s, { x: x - f(b).widthOfTextAtSize(s, size), y, size, font: f(b) }),
  };
  LAYOUTS[inv.supplier.layout](pen, inv, buyer);
  return doc.save();
}

/** Labelled amounts down the page: the label at x, the amount right-aligned at the margin. */
const column = (p: Pen, rows: [string, string][], x: number, y: number) =>
  rows.forEach(([label, value], i) => {
    p.text(label, x, y - 14 * i);
    p.right(value, 545, y - 14 * i);
  });
/** The invoice's lines: text, the VAT rate as the layout prints it (none: no column), the net. */
const itemLines = (
  p: Pen,
  inv: SupplierInvoice,
  y: number,
  style: "sv" | "dots" | "en",
  rate?: (bp: number) => string,
) =>
  inv.lines.forEach((l, i) => {
    p.text(l.text, 50, y - 14 * i);
    if (rate) p.text(rate(l.rateBp), 330, y - 14 * i);
    p.right(kr(l.netOre, style), 545, y - 14 * i);
  });

const LAYOUTS: Record<Layout, (p: Pen, inv: SupplierInvoice, buyer: string) => void> = {
  /** Swedish, "Label: value" down the left, a totals block, bankgiro and OCR in the footer. */
  "sv-label": (p, inv, buyer) => {
    const s = inv.supplier;
    p.text(s.name, 50, 780, true, 16);
    p.text("Storgatan 12, 111 22 Stockholm", 50, 764);
    p.right("FAKTURA", 545, 780, true, 18);
    p.text(`Kund: ${buyer}`, 330, 740);
    p.text(`Fakturanummer: ${inv.number}`, 50, 720);
    p.text(`Fakturadatum: ${inv.date}`, 50, 706);
    p.text(`Förfallodatum: ${inv.due}`, 50, 692);
    p.text("Er referens: Anna Andersson", 50, 678);
    p.text("Beskrivning", 50, 630, true);
    p.text("Moms", 330, 630, true);
    p.right("Belopp", 545, 630, true);
    itemLines(p, inv, 612, "sv", (bp) => `${pct(bp)} %`);
    const vat = inv.lines.map((l): [string, string] => [`Moms ${pct(l.rateBp)} %`, kr(l.vatOre, "sv")]);
    column(p, [["Summa exkl. moms", kr(inv.netOre, "sv")], ...vat], 330, 540);
    p.text("Att betala SEK", 330, 490, true);
    p.right(kr(inv.totalOre, "sv"), 545, 490, true);
    p.text(`Bankgiro: ${s.bankgiro}`, 50, 110);
    p.text(`OCR: ${inv.ocr}`, 250, 110);
    p.text(`Org.nr: ${s.org}    Momsreg.nr: SE${s.org.replace("-", "")}01    Godkänd för F-skatt`, 50, 90, false, 8);
  },
  /** Swedish, labels right-aligned beside their values, 1.234,56 and dd.mm.yyyy, the payment in a sentence. */
  "sv-right": (p, inv) => {
    const s = inv.supplier;
    p.text(s.name, 50, 780, true, 14);
    p.right("FAKTURA", 545, 780, true, 18);
    for (const [i, [label, value]] of [
      ["Fakturanr", inv.number],
      ["Fakturadatum", dmy(inv.date, ".")],
      ["Förfallodag", dmy(inv.due, ".")],
    ].entries()) {
      p.right(label, 430, 740 - 14 * i);
      p.text(value, 440, 740 - 14 * i);
    }
    itemLines(p, inv, 640, "dots", (bp) => `${pct(bp)} %`);
    const rows: [string, number][] = [
      ["Netto", inv.netOre],
      ...inv.lines.map((l): [string, number] => [`Moms ${pct(l.rateBp)} %`, l.vatOre]),
      ["Summa moms", inv.vatOre],
      ["Öresavrundning", inv.roundingOre],
    ];
    rows.forEach(([label, ore], i) => {
      p.right(label, 430, 580 - 14 * i);
      p.right(kr(ore, "dots"), 545, 580 - 14 * i);
    });
    p.right("Totalt att betala", 430, 510, true);
    p.right(`${kr(inv.totalOre, "dots")} kr`, 545, 510, true);
    p.text(`Betalas till bankgiro ${s.bankgiro} med OCR ${inv.ocr}`, 50, 460);
    p.text(`Org.nr ${s.org}   Momsreg.nr SE${s.org.replace("-", "")}01   Godkänd för F-skatt`, 50, 80, false, 8);
  },
  /** English, the dates and number under a header row, dd/mm/yyyy, 1,234.56, the invoice number as payment reference. */
  "en-header": (p, inv) => {
    const s = inv.supplier;
    p.text(s.name, 50, 780, true, 16);
    p.right("INVOICE", 545, 780, true, 18);
    p.text("Invoice Date", 50, 720, true);
    p.text("Due Date", 180, 720, true);
    p.text("Invoice No.", 310, 720, true);
    p.text(dmy(inv.date, "/"), 50, 706);
    p.text(dmy(inv.due, "/"), 180, 706);
    p.text(inv.number, 310, 706);
    p.text("Description", 50, 640, true);
    p.right("Amount", 545, 640, true);
    itemLines(p, inv, 622, "en");
    column(
      p,
      [
        ["Subtotal", kr(inv.netOre, "en")],
        ["VAT 25%", kr(inv.vatOre, "en")],
      ],
      330,
      560,
    );
    p.text("Amount due (SEK)", 330, 528, true);
    p.right(kr(inv.totalOre, "en"), 545, 528, true);
    p.text("Payment details", 50, 200, true);
    p.text(`Bankgiro: ${s.bankgiro}`, 50, 186);
    p.text(`Payment reference: ${inv.number}`, 50, 172);
    p.text(`Company reg. no: ${s.org}`, 50, 90, false, 8);
    p.text(`VAT number: SE${s.org.replace("-", "")}01`, 300, 90, false, 8);
  },
  /** English, "Invoice #", named months, two VAT rates and their total, "Balance due". */
  "en-mixed": (p, inv) => {
    const s = inv.supplier;
    p.text(s.name, 50, 780, true, 16);
    p.right("INVOICE", 545, 780, true, 18);
    p.text(`Invoice # ${inv.number}`, 50, 720);
    p.text(`Invoice date: ${named(inv.date)}`, 50, 706);
    p.text(`Payment due: ${named(inv.due)}`, 50, 692);
    itemLines(p, inv, 640, "en", (bp) => `${pct(bp)}%`);
    const vat = inv.lines.map((l): [string, string] => [`VAT ${pct(l.rateBp)}%`, kr(l.vatOre, "en")]);
    column(p, [["Net amount", kr(inv.netOre, "en")], ...vat, ["Total VAT", kr(inv.vatOre, "en")]], 330, 580);
    p.text("Balance due SEK", 330, 506, true);
    p.right(kr(inv.totalOre, "en"), 545, 506, true);
    p.text(`Please pay to BG ${s.bankgiro}, OCR ${inv.ocr}`, 50, 440);
    p.text(`Corporate ID ${s.org}   VAT no SE${s.org.replace("-", "")}01`, 50, 90, false, 8);
  },
};

// ---- the bank rows ----------------------------------------------------------------------------

export type VatTreatment = "none" | "standard_25" | "reduced_12" | "reduced_6";
/** What a person decides for a row: pay a customer's invoice of a month, a supplier invoice, or book it. */
export type Intent =
  | { kind: "invoice"; customer: string; month: number }
  | { kind: "supplier"; number: string }
  | { kind: "book"; account: string; vat: VatTreatment };

export interface BankRow {
  date: string;
  description: string;
  amountOre: number;
  merchant_name?: string;
  reference?: string;
  reference_type?: "ocr" | "message";
  counterparty_account?: string;
  intent: Intent;
  /** a purchase seen once: no rule is made for it */
  oneOff?: boolean;
}

export const VAT_BP: Record<VatTreatment, number> = { none: 0, standard_25: 2500, reduced_12: 1200, reduced_6: 600 };
/** The VAT in a gross amount at a rate (ML: rate / (1 + rate) of the price), to the öre, half up. */
export const vatInGrossOre = (grossOre: number, bp: number) => Math.round((Math.abs(grossOre) * bp) / (10_000 + bp));

/** The recurring card and direct-debit merchants, each month: what it costs and where it is booked. */
export const MERCHANTS = [
  { merchant: "CIRCLE K SVERIGE", text: "KORTKÖP CIRCLE K", account: "5611", vat: "standard_25", days: [6, 21] },
  { merchant: "STAPLES SVERIGE", text: "KORTKÖP STAPLES", account: "6110", vat: "standard_25", days: [9] },
  { merchant: "MOLNKONTORET AB", text: "AUTOGIRO MOLNKONTORET", account: "6540", vat: "standard_25", days: [2] },
  { merchant: "ESPRESSO HOUSE", text: "KORTKÖP ESPRESSO HOUSE", account: "5460", vat: "reduced_12", days: [14] },
  { merchant: "SJ AB", text: "KORTKÖP SJ AB", account: "5810", vat: "reduced_6", days: [16] },
] as const;

const ONE_OFFS: (BankRow & { month: number })[] = [
  {
    month: 4,
    date: iso(4, 17),
    description: "KORTKÖP BILTEMA",
    merchant_name: "BILTEMA",
    amountOre: -124_900,
    intent: { kind: "book", account: "5410", vat: "standard_25" },
  },
  {
    month: 8,
    date: iso(8, 23),
    description: "KORTKÖP SCANDIC HOTELS",
    merchant_name: "SCANDIC HOTELS",
    amountOre: -168_000,
    intent: { kind: "book", account: "5831", vat: "reduced_12" },
  },
  {
    month: 11,
    date: iso(11, 8),
    description: "KORTKÖP KJELL & CO",
    merchant_name: "KJELL & CO",
    amountOre: -39_900,
    intent: { kind: "book", account: "5410", vat: "standard_25" },
  },
].map((r) => ({ ...r, oneOff: true }) as BankRow & { month: number });

/** The month's card purchases, bank fee and tax-account payment (the same in both companies). */
function ownRows(month: number): BankRow[] {
  const rows: BankRow[] = MERCHANTS.flatMap((m, k) =>
    m.days.map((day, i) => ({
      date: iso(month, day),
      description: m.text,
      merchant_name: m.merchant,
      amountOre: -(m.merchant === "MOLNKONTORET AB" ? 49_900 : 18_950 + 3_712 * month + 1_111 * k + 577 * i),
      intent: { kind: "book" as const, account: m.account, vat: m.vat },
    })),
  );
  rows.push({
    date: iso(month, 12),
    description: "SKATTEVERKET SKATTEKONTO",
    merchant_name: "Skatteverket",
    reference: "5560160680",
    reference_type: "ocr",
    amountOre: -(400_000 + 10_000 * month),
    intent: { kind: "book", account: "1630", vat: "none" },
  });
  rows.push({
    date: iso(month, lastDay(month)),
    description: `BANKAVGIFT ${pad(month)}/2027`,
    amountOre: -12_500,
    intent: { kind: "book", account: "6570", vat: "none" },
  });
  return [...rows, ...ONE_OFFS.filter((r) => r.month === month).map(({ month: _, ...r }) => r)];
}

/** The company's payments of the supplier invoices due in the month, on the due date, with their OCR or number. */
const ascii = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase();

function supplierPayments(month: number): BankRow[] {
  const due = SUPPLIER_INVOICES.filter((i) => i.due.startsWith(iso(month, 1).slice(0, 8)));
  return due.map((i): BankRow => {
    if (!i.supplier.autogiro) return paidByBankgiro(i);
    // the autogiro withdrawal: the supplier's name as the bank prints it, the amount, nothing else
    const name = ascii(i.supplier.name);
    return {
      date: i.due,
      description: `AUTOGIRO ${name}`,
      merchant_name: name,
      amountOre: -i.totalOre,
      intent: { kind: "supplier", number: i.number },
    };
  });
}

function paidByBankgiro(i: SupplierInvoice): BankRow {
  return {
    date: i.due,
    description: `BG ${i.supplier.bankgiro} ${i.supplier.name.toUpperCase()}`,
    merchant_name: i.supplier.name,
    counterparty_account: i.supplier.bankgiro,
    reference: i.payWith,
    reference_type: i.ocr ? "ocr" : "message",
    amountOre: -i.totalOre,
    intent: { kind: "supplier", number: i.number },
  };
}

/** A customer invoice as the customer pays it. */
export interface IssuedInvoice {
  customer_name: string;
  invoice_number: string;
  ocr_number: string | null;
  invoice_date: string;
  total: number;
}

/**
 * The customers' payments of the month's invoices: the rent on the 25th (December's is paid in
 * January, after the year), the service on the 22nd with the invoice number in the message, the
 * licence on the 27th; all others with the invoice's OCR.
 */
function customerPayments(month: number, invoices: IssuedInvoice[]): BankRow[] {
  const of = invoices.filter((i) => Number(i.invoice_date.slice(5, 7)) === month);
  return of.flatMap((i): BankRow[] => {
    const service = i.customer_name.startsWith("Service");
    if (i.customer_name.startsWith("Hyres") && month === 12) return [];
    const day = service ? 22 : i.customer_name.startsWith("Licens") ? 27 : 25;
    return [
      {
        date: iso(month, day),
        description: service
          ? `BG INBET ${i.customer_name.toUpperCase()} FAKTURA ${i.invoice_number}`
          : `BG INBET ${i.customer_name.toUpperCase()}`,
        merchant_name: i.customer_name,
        reference: service ? `Faktura ${i.invoice_number}` : (i.ocr_number ?? undefined),
        reference_type: service ? "message" : "ocr",
        amountOre: Math.round(i.total * 100),
        intent: { kind: "invoice", customer: i.customer_name, month },
      },
    ];
  });
}

/** Every bank row of the month, by date. */
export function bankRowsOf(month: number, invoices: IssuedInvoice[]): BankRow[] {
  return [...ownRows(month), ...supplierPayments(month), ...customerPayments(month, invoices)].sort((a, b) =>
    a.date.localeCompare(b.date),
  );
}

/** The rules the automatic company makes after its first month: one per recurring merchant, the fee and the tax account. */
export function rulesAfterMonthOne() {
  return [
    ...MERCHANTS.map((m) => ({
      name: m.merchant,
      mode: "book",
      conditions: { direction: "out", merchant: { op: "equals", value: m.merchant.toLowerCase() } },
      action: { type: "book", account_number: m.account, vat_treatment: m.vat },
    })),
    {
      name: "Bankavgifter",
      mode: "book",
      conditions: { direction: "out", description: { op: "starts_with", value: "bankavgift" } },
      action: { type: "book", account_number: "6570", vat_treatment: "none" },
    },
    {
      name: "Skattekontot",
      mode: "book",
      conditions: { direction: "out", description: { op: "contains", value: "skatteverket" } },
      action: { type: "book", account_number: "1630", vat_treatment: "none" },
    },
  ];
}
