// The payslip (lönespecifikation) as PDF: pdf-lib, A4, DejaVu Sans (src/pdf/fonts.ts).
// Employer, employee with the masked personnummer, period and payment date, every line item
// (pay, benefits, reimbursements, deductions), gross, tax, net, the employer's contributions
// for information, and the year-to-date figures.
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
const MONTHS = [
  "januari",
  "februari",
  "mars",
  "april",
  "maj",
  "juni",
  "juli",
  "augusti",
  "september",
  "oktober",
  "november",
  "december",
];
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

export async function renderPayslipPdf(p: PayslipInput): Promise<Uint8Array> {
  const { run, runEmployee: re, employee: e } = p;
  if (re.breakdown === null)
    throw new ApiError("CONFLICT", { status: run.status }, "The run has not been calculated; there is no payslip yet.");
  const doc = await PDFDocument.create();
  const period = `${MONTHS[run.periodMonth - 1]} ${run.periodYear}`;
  doc.setTitle(`Lönespecifikation ${period} ${e.firstName} ${e.lastName}`);
  doc.setAuthor(p.company.name);
  const { regular: font, bold } = await embedFonts(doc);
  const page: PDFPage = doc.addPage(A4);
  let y = A4[1] - M;
  const text = (
    s: string,
    x: number,
    o: { f?: PDFFont; size?: number; right?: boolean; color?: [number, number, number] } = {},
  ) => {
    const f = o.f ?? font;
    const size = o.size ?? 9.5;
    const t = drawable(f, s);
    page.drawText(t, {
      x: o.right ? x - f.widthOfTextAtSize(t, size) : x,
      y,
      size,
      font: f,
      color: o.color ? rgb(...o.color) : undefined,
    });
  };
  const rule = (weight = 0.5) =>
    page.drawLine({
      start: { x: M, y: y - 4 },
      end: { x: A4[0] - M, y: y - 4 },
      thickness: weight,
      color: rgb(0.6, 0.6, 0.6),
    });
  const R = A4[0] - M;

  text(p.company.name, M, { f: bold, size: 14 });
  text("LÖNESPECIFIKATION", R, { f: bold, size: 16, right: true });
  y -= 16;
  if (p.company.orgNumber) text(`Org.nr ${p.company.orgNumber}`, M);
  text(`Status: ${statusSv(run.status)}`, R, { right: true, color: [0.4, 0.4, 0.4] });
  y -= 30;

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
    text(k, M, { f: bold });
    text(v, M + 110);
    y -= 14;
  }
  y -= 14;

  text("Specifikation", M, { f: bold, size: 11 });
  text("Belopp", R, { f: bold, right: true });
  rule(1);
  y -= 20;
  for (const cat of CATEGORY_ORDER) {
    const rows = p.items.filter((i) => itemType(i.itemType).category === cat);
    if (!rows.length) continue;
    text(CATEGORY_HEADINGS[cat], M, { f: bold, size: 9 });
    y -= 13;
    for (const i of rows) {
      text(i.description, M + 12);
      text(kr(cat === "deduction" ? -i.amountOre : i.amountOre), R, { right: true });
      y -= 13;
    }
    y -= 5;
  }
  rule();
  y -= 18;

  const tax = effectiveTaxOre(re);
  const sums: [string, number, boolean][] = [
    ["Bruttolön", re.grossOre, false],
    ["Skattepliktiga förmåner", re.benefitsOre, false],
    ["Skatteunderlag", re.taxBasisOre, false],
    ["Preliminär skatt", -tax, false],
    ["Skattefria ersättningar", re.reimbursementsOre, false],
    ["Avdrag efter skatt", -re.deductionsOre, false],
    ["Att utbetala", re.netOre, true],
  ];
  for (const [k, v, strong] of sums) {
    if (!strong && v === 0 && k !== "Bruttolön" && k !== "Preliminär skatt") continue;
    text(k, M + 250, { f: strong ? bold : font, size: strong ? 11 : 9.5 });
    text(kr(v), R, { f: strong ? bold : font, size: strong ? 11 : 9.5, right: true });
    y -= strong ? 18 : 14;
  }
  y -= 16;

  text("Hittills i år", M, { f: bold, size: 11 });
  rule(1);
  y -= 20;
  const ytd: [string, number][] = [
    ["Bruttolön", p.ytd.grossOre],
    ["Skattepliktiga förmåner", p.ytd.benefitsOre],
    ["Preliminär skatt", p.ytd.taxOre],
    ["Utbetalt netto", p.ytd.netOre],
  ];
  for (const [k, v] of ytd) {
    text(k, M);
    text(kr(v), M + 250, { right: true });
    y -= 14;
  }
  y -= 16;

  const v = re.breakdown.vacation as
    | {
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
    | undefined;
  if (v && v.rule !== "hourly") {
    text(`Semester ${v.vacation_year_label ?? v.year}`, M, { f: bold, size: 11 });
    text(v.rule === "same_salary" ? "sammalöneregeln" : "procentregeln", M + 250, {
      right: true,
      color: [0.4, 0.4, 0.4],
    });
    rule(1);
    y -= 20;
    const savedNow = Object.values(v.saved_days).reduce((a, b) => a + b, 0);
    const takenNow =
      v.days_taken.paid + v.days_taken.unpaid + Object.values(v.days_taken.from_saved).reduce((a, b) => a + b, 0);
    const rows: [string, string][] = [
      ["Betalda dagar i år", `${v.entitled_days}`],
      ["Uttagna denna period", `${takenNow}`],
      ["Uttagna i år (bet. / sparade / obet.)", `${v.paid_taken} / ${v.saved_taken} / ${v.unpaid_taken}`],
      ["Kvar betalda dagar", `${v.remaining_days}`],
      [
        "Sparade dagar",
        savedNow
          ? `${savedNow} (${Object.entries(v.saved_days)
              .map(([yr, n]) => `${yr}: ${n}`)
              .join(", ")})`
          : "0",
      ],
    ];
    if (v.unpaid_days) rows.push(["Kvar obetalda dagar", `${v.unpaid_days - v.unpaid_taken}`]);
    if (v.payout_days) rows.push(["Utbetalda dagar (semesterersättning)", `${v.payout_days}`]);
    for (const [k, val] of rows) {
      text(k, M);
      text(val, M + 250, { right: true });
      y -= 14;
    }
    y -= 16;
  }

  text("Arbetsgivarens kostnader (information)", M, { f: bold, size: 9 });
  y -= 13;
  text("Arbetsgivaravgifter", M);
  text(kr(effectiveAvgifterOre(re)), M + 250, { right: true });
  y -= 13;
  if (re.pensionOre) {
    text("Pensionspremie genom löneväxling", M);
    text(kr(re.pensionOre), M + 250, { right: true });
    y -= 13;
  }

  page.drawText(drawable(font, `${p.company.name} · Lönespecifikation ${period} · ${e.firstName} ${e.lastName}`), {
    x: M,
    y: M,
    size: 7.5,
    font,
    color: rgb(0.45, 0.45, 0.45),
  });
  return doc.save();
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
