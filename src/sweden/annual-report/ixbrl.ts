// The annual report as inline XBRL (XHTML), the format of Bolagsverket's digital
// submission: the same content as the PDF, every figure an ix:nonFraction tagged with the
// K2 taxonomy's concept (se-gen-base, 2021-10-31; entry point se-k2-risbs: resultaträkning
// and balansräkning in full), the company's name, org number and the fiscal year as
// ix:nonNumeric in se-cd-base. Contexts (ix:resources) are the model's: period0 / balans0
// this year, period1 / balans1 the previous year, with the entity identified by its org
// number under scheme http://www.bolagsverket.se. Amounts are exact (decimals="INF"),
// printed "1 234,56" (ixt:numspacecomma); a negative fact carries sign="-" and its digits
// stay unsigned inside the tag, the minus printed before it. See docs/annual-report.md.
import type { AnnualReportModel, Fact, ReportLine } from "./model";

export const NAMESPACES = {
  xhtml: "http://www.w3.org/1999/xhtml",
  ix: "http://www.xbrl.org/2013/inlineXBRL",
  ixt: "http://www.xbrl.org/inlineXBRL/transformation/2010-04-20",
  xbrli: "http://www.xbrl.org/2003/instance",
  link: "http://www.xbrl.org/2003/linkbase",
  xlink: "http://www.w3.org/1999/xlink",
  iso4217: "http://www.xbrl.org/2003/iso4217",
  "se-gen-base": "http://www.taxonomier.se/se/fr/gen-base/2021-10-31",
  "se-cd-base": "http://www.taxonomier.se/se/fr/cd-base/2021-10-31",
  "se-k2-type": "http://www.taxonomier.se/se/fr/k2/datatype",
  "se-mem-base": "http://www.taxonomier.se/se/fr/mem-base/2021-10-31",
} as const;

/** The K2 entry point with a full income statement and balance sheet (taxonomier.se, K2 2021-10-31). */
export const K2_SCHEMA = "http://xbrl.taxonomier.se/se/fr/gaap/k2/risbs/2021-10-31/se-k2-risbs-2021-10-31.xsd";
export const ENTITY_SCHEME = "http://www.bolagsverket.se";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** 1234.5 → "1 234,50"; whole kronor without decimals. */
function digits(n: number, percent = false): string {
  const abs = Math.abs(n);
  const whole = percent || Number.isInteger(abs);
  const [int, dec] = (whole ? abs.toFixed(0) : abs.toFixed(2)).split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  return dec ? `${grouped},${dec}` : grouped;
}

/** One tagged figure: the printed minus outside the tag, sign="-" on a negative fact. */
export function nonFraction(f: Fact): string {
  const percent = f.unit === "procent";
  const scale = percent ? ' scale="-2"' : "";
  const sign = f.value < 0 ? ' sign="-"' : "";
  // every figure is exact: kronor with their öre, a whole percent, a whole number of employees
  const decimals = ' decimals="INF"';
  const format = f.unit === "antal-anstallda" ? "" : ' format="ixt:numspacecomma"';
  const minus = f.amount < 0 ? "-" : "";
  const attributes = `name="se-gen-base:${f.concept}" contextRef="${f.context}" unitRef="${f.unit}"`;
  return `${minus}<ix:nonFraction ${attributes}${decimals}${scale}${sign}${format}>${digits(f.amount, percent)}</ix:nonFraction>`;
}

const cell = (f: Fact | null) => `<td class="num">${f ? nonFraction(f) : ""}</td>`;

function statementRows(lines: ReportLine[], withNote: boolean): string {
  return lines
    .map((l) => {
      const label = l.kind === "heading" || l.kind === "result" ? `<strong>${esc(l.label)}</strong>` : esc(l.label);
      const note = withNote ? `<td class="note">${l.note ?? ""}</td>` : "";
      if (l.kind === "heading") return `<tr class="heading"><td>${label}</td>${note}<td></td><td></td></tr>`;
      return `<tr class="${l.kind}"><td>${label}</td>${note}${cell(l.current)}${cell(l.previous)}</tr>`;
    })
    .join("\n");
}

function yearHeading(m: AnnualReportModel, withNote: boolean, instant: boolean): string {
  const cur = instant ? m.fiscal_year.end : `${m.fiscal_year.start}<br/>–${m.fiscal_year.end}`;
  const p = m.previous_fiscal_year;
  const prev = p ? (instant ? p.end : `${p.start}<br/>–${p.end}`) : "";
  return `<tr><th></th>${withNote ? '<th class="note">Not</th>' : ""}<th class="num">${cur}</th><th class="num">${prev}</th></tr>`;
}

const STYLE =
  "body{font-family:sans-serif;max-width:760px;margin:auto} td.num,th.num{text-align:right;white-space:nowrap} " +
  "td.note,th.note{text-align:center;width:3em} tr.sum td,tr.result td{font-weight:bold} .page{page-break-after:always}";

function header(m: AnnualReportModel): string {
  const ctx = m.xbrl.contexts
    .map((c) => {
      const period = c.instant
        ? `<xbrli:instant>${c.instant}</xbrli:instant>`
        : `<xbrli:startDate>${c.start}</xbrli:startDate><xbrli:endDate>${c.end}</xbrli:endDate>`;
      const identifier = `<xbrli:identifier scheme="${ENTITY_SCHEME}">${esc(m.company.org_number)}</xbrli:identifier>`;
      return `<xbrli:context id="${c.id}"><xbrli:entity>${identifier}</xbrli:entity><xbrli:period>${period}</xbrli:period></xbrli:context>`;
    })
    .join("\n");
  const hidden = (name: string, value: string) =>
    `<ix:nonNumeric name="${name}" contextRef="period0">${esc(value)}</ix:nonNumeric>`;
  return `<div style="display:none"><ix:header>
<ix:hidden>
${hidden("se-cd-base:SprakHandlingUpprattadList", "se-mem-base:SprakSvenskaMember")}
${hidden("se-cd-base:LandForetagetsSateList", "se-mem-base:LandSverigeMember")}
${hidden("se-cd-base:RedovisningsvalutaHandlingList", "se-mem-base:ValutaSvenskaKronorMember")}
${hidden("se-cd-base:BeloppsformatList", "se-mem-base:BeloppsformatNormalformMember")}
${hidden("se-cd-base:RakenskapsarForstaDag", m.fiscal_year.start)}
${hidden("se-cd-base:RakenskapsarSistaDag", m.fiscal_year.end)}
</ix:hidden>
<ix:references><link:schemaRef xlink:type="simple" xlink:href="${K2_SCHEMA}"/></ix:references>
<ix:resources>
${ctx}
<xbrli:unit id="SEK"><xbrli:measure>iso4217:SEK</xbrli:measure></xbrli:unit>
<xbrli:unit id="procent"><xbrli:measure>xbrli:pure</xbrli:measure></xbrli:unit>
<xbrli:unit id="antal-anstallda"><xbrli:measure>se-k2-type:AntalAnstallda</xbrli:measure></xbrli:unit>
</ix:resources>
</ix:header></div>`;
}

const text = (name: string, value: string) =>
  `<ix:nonNumeric name="se-gen-base:${name}" contextRef="period0">${esc(value)}</ix:nonNumeric>`;

function managementReport(m: AnnualReportModel): string {
  const mr = m.management_report;
  const years = mr.multi_year_overview;
  const overview = `<table class="overview"><tr><th></th>${years.map((y) => `<th class="num">${y.end.slice(0, 4)}</th>`).join("")}</tr>
<tr><td>Nettoomsättning</td>${years.map((y) => cell(y.net_sales)).join("")}</tr>
<tr><td>Resultat efter finansiella poster</td>${years.map((y) => cell(y.result_after_financial_items)).join("")}</tr>
<tr><td>Soliditet (%)</td>${years.map((y) => cell(y.solidity_percent)).join("")}</tr></table>`;
  const eq = mr.equity_changes;
  const equity = `<table class="equity"><tr><th></th>${eq.columns.map((c) => `<th class="num">${esc(c.label)}</th>`).join("")}</tr>
${eq.rows
  .map(
    (r) =>
      `<tr><td>${esc(r.label)}</td>${eq.columns.map((c) => cell((r.cells as Record<string, Fact | null | undefined>)[c.key] ?? null)).join("")}</tr>`,
  )
  .join("\n")}</table>`;
  const a = mr.appropriation;
  const disposition = `<p>Till årsstämmans förfogande står följande medel (kr):</p>
<table class="disposition"><tr><td>Balanserat resultat</td>${cell(a.retained_earnings)}</tr>
<tr><td>Årets resultat</td>${cell(a.year_result)}</tr>
<tr class="sum"><td>Summa</td>${cell(a.available)}</tr></table>
<p>Styrelsen föreslår att medlen disponeras enligt följande:</p>
<table class="disposition">${a.dividend ? `<tr><td>Utdelas till aktieägarna</td>${cell(a.dividend)}</tr>` : ""}
<tr><td>Balanseras i ny räkning</td>${cell(a.carried_forward)}</tr>
<tr class="sum"><td>Summa</td>${cell(a.total)}</tr></table>`;
  return (
    `<div class="page" id="forvaltningsberattelse"><h2>Förvaltningsberättelse</h2>
<p>Styrelsen för ${esc(m.company.name)}, ${esc(m.company.org_number)}, avger följande årsredovisning för räkenskapsåret ` +
    `${m.fiscal_year.start} – ${m.fiscal_year.end}.</p>
<h3>Verksamheten</h3><p>${text("AllmantVerksamheten", mr.business_description)}</p>
${
  mr.significant_events
    ? `<h3>Väsentliga händelser under ` +
      `räkenskapsåret</h3><p>${text("VasentligaHandelserRakenskapsaret", mr.significant_events)}</p>`
    : ""
}
<h3>Flerårsöversikt (kr)</h3>${overview}
${mr.multi_year_comment ? `<p>${text("KommentarFlerarsoversikt", mr.multi_year_comment)}</p>` : ""}
<h3>Förändringar i eget kapital (kr)</h3>${equity}
<h3>Resultatdisposition</h3>${disposition}</div>`
  );
}

function notes(m: AnnualReportModel): string {
  const n = m.notes;
  const twoCols = (cur: Fact | null, prev: Fact | null) => `${cell(cur)}${cell(prev)}`;
  const asset = n.fixed_assets
    .map(
      (a) => `<h3>Not ${a.number} ${esc(a.title)}</h3><table class="note">${yearHeading(m, false, true)}
${a.rows.map((r) => `<tr><td>${esc(r.label)}</td>${twoCols(r.current, r.previous)}</tr>`).join("\n")}</table>`,
    )
    .join("\n");
  const other = n.other
    .map(
      (o) =>
        `<h3>Not ${o.number} ${esc(o.title)}</h3><table class="note"><tr><td>${esc(o.title)}</td>${cell(o.amount)}</tr></table>`,
    )
    .join("\n");
  return `<div class="page" id="noter"><h2>Noter</h2>
<h3>Not 1 ${esc(n.accounting_principles.title)}</h3><p>${text("Redovisningsprinciper", n.accounting_principles.text)}</p>
<h3>Not 2 ${esc(n.employees.title)}</h3><table class="note">${yearHeading(m, false, false)}
<tr><td>Medelantalet anställda</td>${twoCols(n.employees.current, n.employees.previous)}</tr></table>
${asset}
${other}</div>`;
}

function signatures(m: AnnualReportModel): string {
  const s = m.signatures;
  return `<div class="page" id="underskrifter"><h2>Underskrifter</h2>
<p>${text("UndertecknandeArsredovisningOrt", s.place)} ${text("UndertecknandeArsredovisningDatum", s.date)}</p>
${s.board_members.map((b) => `<p class="signature">${esc(b.name)}<br/>${esc(b.role)}</p>`).join("\n")}</div>`;
}

/** The whole document, UTF-8 XHTML. */
export function renderIxbrl(m: AnnualReportModel): string {
  const ns = Object.entries(NAMESPACES)
    .map(([p, uri]) => (p === "xhtml" ? `xmlns="${uri}"` : `xmlns:${p}="${uri}"`))
    .join(" ");
  const title = `${m.company.org_number} ${m.company.name} - Årsredovisning ${m.fiscal_year.start} – ${m.fiscal_year.end}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<html ${ns}>
<head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"/><title>${esc(title)}</title>
<style type="text/css">${STYLE}</style></head>
<body>
${header(m)}
<div class="page" id="framsida"><h1>Årsredovisning för</h1>
<p>${`<ix:nonNumeric name="se-cd-base:ForetagetsNamn" contextRef="period0">${esc(m.company.name)}</ix:nonNumeric>`}</p>
<p>Organisationsnummer ${`<ix:nonNumeric name="se-cd-base:Organisationsnummer" contextRef="period0">${esc(m.company.org_number)}</ix:nonNumeric>`}</p>
<p>Årsredovisning för räkenskapsåret ${m.fiscal_year.start} – ${m.fiscal_year.end}</p></div>
${managementReport(m)}
<div class="page" id="resultatrakning"><h2>Resultaträkning (kr)</h2><table class="statement">${yearHeading(m, true, false)}
${statementRows(m.income_statement, true)}</table></div>
<div class="page" id="balansrakning"><h2>Balansräkning (kr)</h2><table class="statement">${yearHeading(m, true, true)}
<tr class="heading"><td><strong>TILLGÅNGAR</strong></td><td></td><td></td><td></td></tr>
${statementRows(m.balance_sheet.assets, true)}
<tr class="heading"><td><strong>EGET KAPITAL OCH SKULDER</strong></td><td></td><td></td><td></td></tr>
${statementRows(m.balance_sheet.equity_and_liabilities, true)}</table></div>
${notes(m)}
${signatures(m)}
</body>
</html>
`;
}
