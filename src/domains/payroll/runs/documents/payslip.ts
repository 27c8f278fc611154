// The payslip (lönespecifikation) as PDF: pdf-lib, A4, DejaVu Sans (src/pdf/fonts.ts).
// Employer, employee with the masked personnummer, period and payment date, every line item
// (pay, benefits, reimbursements, deductions), gross, tax, net, the employer's contributions
// for information, and the year-to-date figures.
import { SWEDISH_MONTHS } from "../../../../sweden/months";
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { ApiError } from "../../../../errors/api-error";
import { formatSek } from "../../../../money";
import { drawable, embedFonts } from "../../../../pdf/fonts";
import { maskedBankAccount, maskedPersonnummer } from "../../employees/queries";
import { itemType } from "../../item-types";
import type { Ytd } from "../queries";
import { effectiveAvgifterOre, effectiveTaxOre } from "../rules";
import type { EmployeeRow, LineItemRow, RunEmployeeRow, SalaryRunRow } from "../../rows";

const A4: [number, number] = [595.28, 841.89];
const M = 50;
const CATEGORY_ORDER = ["regular", "one_off", "benefit", "reimbursement", "deduction"] as const;
const CATEGORY_HEADINGS: Record<(typeof CATEGORY_ORDER)[number], string> = {
  regular: "Lön och ersättningar",
  one_off: "Engångsbelopp",
  benefit: "Skattepliktiga förmåner (betalas inte ut)",
  reimbursement: "Skattefria ersättningar",
  deduction: "Avdrag efter skatt",
};

export interface PayslipInput {
  company: { name: string; orgNumber: string | null };
  run: SalaryRunRow;
  runEmployee: RunEmployeeRow;
  employee: EmployeeRow;
  items: LineItemRow[];
  ytd: Ytd;
}

const kr = (ore: number) => `${formatSek(ore / 100)} kr`;

type TextOptions = { f?: PDFFont; size?: number; right?: boolean; color?: [number, number, number] };

/** Where the payslip is written: the page, its fonts and the line (y) the next text goes on. */
class Pen {
  y = A4[1] - M;
  constructor(
    readonly page: PDFPage,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {}

  text(s: string, x: number, o: TextOptions = {}) {
    const f = o.f ?? this.font;
    const size = o.size ?? 9.5;
    const t = drawable(f, s);
    this.page.drawText(t, {
      x: o.right ? x - f.widthOfTextAtSize(t, size) : x,
      y: this.y,
      size,
      font: f,
      color: o.color ? rgb(...o.color) : undefined,
    });
  }

  rule(weight = 0.5) {
    this.page.drawLine({
      start: { x: M, y: this.y - 4 },
      end: { x: A4[0] - M, y: this.y - 4 },
      thickness: weight,
      color: rgb(0.6, 0.6, 0.6),
    });
  }

  /** A label and its value at `at` (right-aligned), then the next line. */
  row(label: string, value: string, at: number, step = 14) {
    this.text(label, M);
    this.text(value, at, { right: true });
    this.y -= step;
  }
}

const R = A4[0] - M;

export async function renderPayslipPdf(p: PayslipInput): Promise<Uint8Array> {
  const { run, runEmployee: re, employee: e } = p;
  if (re.breakdown === null)
    throw new ApiError("CONFLICT", { status: run.status }, "The run has not been calculated; there is no payslip yet.");
  const doc = await PDFDocument.create();
  const period = `${SWEDISH_MONTHS[run.periodMonth - 1]} ${run.periodYear}`;
  doc.setTitle(`Lönespecifikation ${period} ${e.firstName} ${e.lastName}`);
  doc.setAuthor(p.company.name);
  const { regular: font, bold } = await embedFonts(doc);
  const pen = new Pen(doc.addPage(A4), font, bold);
  headingOf(pen, p, period);
  itemsOf(pen, p.items);
  sumsOf(pen, re);
  ytdOf(pen, p.ytd);
  vacationOf(pen, re.breakdown.vacation as PayslipVacation | undefined);
  employerCostsOf(pen, re);
  pen.page.drawText(drawable(font, `${p.company.name} · Lönespecifikation ${period} · ${e.firstName} ${e.lastName}`), {
    x: M,
    y: M,
    size: 7.5,
    font,
    color: rgb(0.45, 0.45, 0.45),
  });
  return doc.save();
}

/** The employer, the title, the status and the employee's head rows. */
function headingOf(pen: Pen, p: PayslipInput, period: string) {
  const { run, runEmployee: re, employee: e } = p;
  pen.text(p.company.name, M, { f: pen.bold, size: 14 });
  pen.text("LÖNESPECIFIKATION", R, { f: pen.bold, size: 16, right: true });
  pen.y -= 16;
  if (p.company.orgNumber) pen.text(`Org.nr ${p.company.orgNumber}`, M);
  pen.text(`Status: ${statusSv(run.status)}`, R, { right: true, color: [0.4, 0.4, 0.4] });
  pen.y -= 30;
  const head: [string, string][] = [
    ["Anställd", `${e.firstName} ${e.lastName}`],
    ["Personnummer", maskedPersonnummer(e.personnummerPrefix)],
    ["Löneperiod", period],
    ["Utbetalningsdag", run.paymentDate],
    ["Skatt", taxBasisText(e, re)],
    [
      "Konto",
      e.clearingNumber && e.bankAccountNumber
        ? `${e.bankName ?? ""} ${e.clearingNumber}-${maskedBankAccount(e.bankAccountNumber)}`.trim()
        : "saknas",
    ],
  ];
  for (const [k, v] of head) {
    pen.text(k, M, { f: pen.bold });
    pen.text(v, M + 110);
    pen.y -= 14;
  }
  pen.y -= 14;
}

/** Every line item, by category. */
function itemsOf(pen: Pen, items: LineItemRow[]) {
  pen.text("Specifikation", M, { f: pen.bold, size: 11 });
  pen.text("Belopp", R, { f: pen.bold, right: true });
  pen.rule(1);
  pen.y -= 20;
  for (const cat of CATEGORY_ORDER) {
    const rows = items.filter((i) => itemType(i.itemType).category === cat);
    if (!rows.length) continue;
    pen.text(CATEGORY_HEADINGS[cat], M, { f: pen.bold, size: 9 });
    pen.y -= 13;
    for (const i of rows) {
      pen.text(i.description, M + 12);
      pen.text(kr(cat === "deduction" ? -i.amountOre : i.amountOre), R, { right: true });
      pen.y -= 13;
    }
    pen.y -= 5;
  }
  pen.rule();
  pen.y -= 18;
}

/** Gross, benefits, the tax basis, tax, reimbursements, deductions and the net to pay. */
function sumsOf(pen: Pen, re: RunEmployeeRow) {
  const sums: [string, number, boolean][] = [
    ["Bruttolön", re.grossOre, false],
    ["Skattepliktiga förmåner", re.benefitsOre, false],
    ["Skatteunderlag", re.taxBasisOre, false],
    ["Preliminär skatt", -effectiveTaxOre(re), false],
    ["Skattefria ersättningar", re.reimbursementsOre, false],
    ["Avdrag efter skatt", -re.deductionsOre, false],
    ["Att utbetala", re.netOre, true],
  ];
  for (const [k, v, strong] of sums) {
    if (!strong && v === 0 && k !== "Bruttolön" && k !== "Preliminär skatt") continue;
    pen.text(k, M + 250, { f: strong ? pen.bold : pen.font, size: strong ? 11 : 9.5 });
    pen.text(kr(v), R, { f: strong ? pen.bold : pen.font, size: strong ? 11 : 9.5, right: true });
    pen.y -= strong ? 18 : 14;
  }
  pen.y -= 16;
}

/** The year to date. */
function ytdOf(pen: Pen, ytd: Ytd) {
  pen.text("Hittills i år", M, { f: pen.bold, size: 11 });
  pen.rule(1);
  pen.y -= 20;
  pen.row("Bruttolön", kr(ytd.grossOre), M + 250);
  pen.row("Skattepliktiga förmåner", kr(ytd.benefitsOre), M + 250);
  pen.row("Preliminär skatt", kr(ytd.taxOre), M + 250);
  pen.row("Utbetalt netto", kr(ytd.netOre), M + 250);
  pen.y -= 16;
}

/** The vacation breakdown's figures the payslip shows. */
interface PayslipVacation {
  rule: string;
  year: number;
  vacation_year_label?: string;
  entitled_days: number;
  unpaid_days: number;
  paid_taken: number;
  unpaid_taken: number;
  saved_taken: number;
  remaining_days: number;
  saved_days: Record<string, number>;
  days_taken: { paid: number; unpaid: number; from_saved: Record<string, number> };
  payout_days: number;
}

/** The vacation days of the year (not for pay by the hour, which has none). */
function vacationOf(pen: Pen, v: PayslipVacation | undefined) {
  if (!v || v.rule === "hourly") return;
  pen.text(`Semester ${v.vacation_year_label ?? v.year}`, M, { f: pen.bold, size: 11 });
  pen.text(v.rule === "same_salary" ? "sammalöneregeln" : "procentregeln", M + 250, {
    right: true,
    color: [0.4, 0.4, 0.4],
  });
  pen.rule(1);
  pen.y -= 20;
  const sum = (days: Record<string, number>) => Object.values(days).reduce((a, b) => a + b, 0);
  const savedNow = sum(v.saved_days);
  const takenNow = v.days_taken.paid + v.days_taken.unpaid + sum(v.days_taken.from_saved);
  const savedText = Object.entries(v.saved_days)
    .map(([yr, n]) => `${yr}: ${n}`)
    .join(", ");
  const rows: [string, string][] = [
    ["Betalda dagar i år", `${v.entitled_days}`],
    ["Uttagna denna period", `${takenNow}`],
    ["Uttagna i år (bet. / sparade / obet.)", `${v.paid_taken} / ${v.saved_taken} / ${v.unpaid_taken}`],
    ["Kvar betalda dagar", `${v.remaining_days}`],
    ["Sparade dagar", savedNow ? `${savedNow} (${savedText})` : "0"],
  ];
  if (v.unpaid_days) rows.push(["Kvar obetalda dagar", `${v.unpaid_days - v.unpaid_taken}`]);
  if (v.payout_days) rows.push(["Utbetalda dagar (semesterersättning)", `${v.payout_days}`]);
  for (const [k, val] of rows) pen.row(k, val, M + 250);
  pen.y -= 16;
}

/** The employer's costs, for information: contributions and the pension premium of salary exchange. */
function employerCostsOf(pen: Pen, re: RunEmployeeRow) {
  pen.text("Arbetsgivarens kostnader (information)", M, { f: pen.bold, size: 9 });
  pen.y -= 13;
  pen.row("Arbetsgivaravgifter", kr(effectiveAvgifterOre(re)), M + 250, 13);
  if (re.pensionOre) pen.row("Pensionspremie genom löneväxling", kr(re.pensionOre), M + 250, 13);
}

function statusSv(status: SalaryRunRow["status"]): string {
  return {
    draft: "utkast",
    review: "under granskning",
    approved: "attesterad",
    paid: "utbetald",
    booked: "bokförd",
    corrected: "korrigerad",
  }[status];
}

function taxBasisText(e: EmployeeRow, re: RunEmployeeRow): string {
  const b = re.breakdown as {
    tax_column?: number;
    tax?: { one_off?: { rule?: { percent?: number | string } } | null };
  } | null;
  const oneOff = b?.tax?.one_off?.rule?.percent;
  const override =
    (oneOff !== undefined ? `; engångsbelopp ${String(oneOff).replace(".", ",")} %` : "") +
    (re.taxOverrideOre !== null ? " (manuellt belopp)" : "");
  switch (e.fSkattStatus) {
    case "a_skatt":
      return `Skattetabell ${e.taxTableNumber}, kolumn ${b?.tax_column ?? e.taxColumn ?? 1}${override}`;
    case "side_income":
      return `Sidoinkomst, 30 %${override}`;
    case "decided_percent":
      return `Jämkning ${e.taxDecidedPercent?.replace(".", ",")} % (beslut ${e.taxDecisionReference})${override}`;
    case "sink":
      return `SINK${override}`;
    case "f_skatt":
      return `F-skatt, inget skatteavdrag${override}`;
  }
}
