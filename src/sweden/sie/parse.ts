// Reads a SIE 4 file (SIE 4C, SIE-Gruppen 2025-08-06) into a plain model. Fields are
// separated by spaces or tabs, may be quoted ("..." with \" inside), object lists are
// in braces, a #VER's transactions sit between lines holding only { and }. Amounts
// become integer öre. Unknown labels are skipped, as the format asks (§7).

export class SieParseError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

type Token = string | { objects: string[] };

export interface SieTrans {
  account: string;
  objects: Record<string, string>;
  amountOre: number;
  text: string | null;
  line: number;
}

export interface SieVoucher {
  series: string;
  number: number | null;
  date: string;
  text: string;
  line: number;
  trans: SieTrans[];
}

export interface SieBalance {
  year: number;
  account: string;
  amountOre: number;
  line: number;
}

export interface SieFile {
  format: string | null;
  sieType: string | null;
  program: string | null;
  companyName: string | null;
  orgNumber: string | null;
  years: Map<number, { start: string; end: string }>;
  accounts: Map<string, { name: string; line: number }>;
  accountTypes: Map<string, "T" | "S" | "I" | "K">;
  sru: Map<string, string>;
  dimensions: Map<number, string>;
  objects: { dimension: number; code: string; name: string }[];
  opening: SieBalance[];
  closing: SieBalance[];
  results: SieBalance[];
  vouchers: SieVoucher[];
  warnings: string[];
}

export function tokenize(line: string, lineNo: number): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const readQuoted = () => {
    let out = "";
    i++;
    while (i < line.length && line[i] !== '"') {
      if (line[i] === "\\" && line[i + 1] === '"') i++;
      out += line[i++];
    }
    if (line[i] !== '"') throw new SieParseError(lineNo, "a quoted field is not closed");
    i++;
    return out;
  };
  const readBare = (stop: RegExp) => {
    let out = "";
    while (i < line.length && !stop.test(line[i])) out += line[i++];
    return out;
  };
  while (i < line.length) {
    const ch = line[i];
    if (ch === " " || ch === "\t") {
      i++;
    } else if (ch === '"') {
      tokens.push(readQuoted());
    } else if (ch === "{") {
      i++;
      const objects: string[] = [];
      for (;;) {
        while (line[i] === " " || line[i] === "\t") i++;
        if (i >= line.length) throw new SieParseError(lineNo, "an object list is not closed with }");
        if (line[i] === "}") {
          i++;
          break;
        }
        objects.push(line[i] === '"' ? readQuoted() : readBare(/[\s}]/));
      }
      tokens.push({ objects });
    } else {
      tokens.push(readBare(/[\s]/));
    }
  }
  return tokens;
}

const str = (t: Token | undefined): string => (typeof t === "string" ? t : "");

export function parseAmount(raw: string, lineNo: number): number {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(raw.trim());
  if (!m || (m[3] && m[3].length > 2 && /[^0]/.test(m[3].slice(2)))) throw new SieParseError(lineNo, `"${raw}" is not an amount`);
  const ore = Number(m[2]) * 100 + Number((m[3] ?? "").slice(0, 2).padEnd(2, "0"));
  if (!Number.isSafeInteger(ore)) throw new SieParseError(lineNo, `"${raw}" is too large`);
  return m[1] && ore !== 0 ? -ore : ore;
}

export function parseDate(raw: string, lineNo: number): string {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  const iso = m ? `${m[1]}-${m[2]}-${m[3]}` : "";
  const d = new Date(`${iso}T00:00:00Z`);
  if (!m || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso) throw new SieParseError(lineNo, `"${raw}" is not a date (YYYYMMDD)`);
  return iso;
}

function objectMap(t: Token | undefined, lineNo: number): Record<string, string> {
  if (t === undefined || typeof t === "string") {
    if (t === undefined || t === "" ) return {};
    throw new SieParseError(lineNo, "expected an object list in braces");
  }
  if (t.objects.length % 2) throw new SieParseError(lineNo, "an object list holds dimension and object in pairs");
  const out: Record<string, string> = {};
  for (let i = 0; i < t.objects.length; i += 2) out[t.objects[i]] = t.objects[i + 1];
  return out;
}

function account(raw: string, lineNo: number): string {
  if (!/^\d{4}$/.test(raw)) throw new SieParseError(lineNo, `"${raw}" is not a four-digit account number`);
  return raw;
}

export function parseSie(text: string): SieFile {
  const file: SieFile = {
    format: null,
    sieType: null,
    program: null,
    companyName: null,
    orgNumber: null,
    years: new Map(),
    accounts: new Map(),
    accountTypes: new Map(),
    sru: new Map(),
    dimensions: new Map(),
    objects: [],
    opening: [],
    closing: [],
    results: [],
    vouchers: [],
    warnings: [],
  };
  const lines = text.split(/\r?\n/);
  let voucher: SieVoucher | null = null;
  let inBlock = false;
  for (let idx = 0; idx < lines.length; idx++) {
    const lineNo = idx + 1;
    const raw = lines[idx].trim();
    if (!raw) continue;
    if (raw === "{") {
      if (!voucher || inBlock) throw new SieParseError(lineNo, "{ without a #VER before it");
      inBlock = true;
      continue;
    }
    if (raw === "}") {
      if (!inBlock || !voucher) throw new SieParseError(lineNo, "} without a matching {");
      file.vouchers.push(voucher);
      voucher = null;
      inBlock = false;
      continue;
    }
    if (!raw.startsWith("#")) throw new SieParseError(lineNo, "a record must start with a #label");
    const tokens = tokenize(raw, lineNo);
    const label = str(tokens[0]).toUpperCase();
    const f = tokens.slice(1);
    if (voucher && !inBlock) throw new SieParseError(voucher.line, "#VER must be followed by { on its own line");
    if (inBlock && !["#TRANS", "#RTRANS", "#BTRANS"].includes(label)) throw new SieParseError(lineNo, `${label} inside a #VER block`);
    switch (label) {
      case "#FORMAT":
        file.format = str(f[0]);
        break;
      case "#SIETYP":
        file.sieType = str(f[0]);
        break;
      case "#PROGRAM":
        file.program = `${str(f[0])} ${str(f[1])}`.trim();
        break;
      case "#FNAMN":
        file.companyName = str(f[0]);
        break;
      case "#ORGNR":
        file.orgNumber = str(f[0]) || null;
        break;
      case "#RAR": {
        const year = Number(str(f[0]));
        if (!Number.isInteger(year)) throw new SieParseError(lineNo, "#RAR needs a year number");
        file.years.set(year, { start: parseDate(str(f[1]), lineNo), end: parseDate(str(f[2]), lineNo) });
        break;
      }
      case "#KONTO":
        file.accounts.set(account(str(f[0]), lineNo), { name: str(f[1]), line: lineNo });
        break;
      case "#KTYP": {
        const t = str(f[1]).toUpperCase();
        if (!["T", "S", "I", "K"].includes(t)) throw new SieParseError(lineNo, `#KTYP "${t}" is not T, S, I or K`);
        file.accountTypes.set(account(str(f[0]), lineNo), t as "T" | "S" | "I" | "K");
        break;
      }
      case "#SRU":
        file.sru.set(account(str(f[0]), lineNo), str(f[1]));
        break;
      case "#DIM": {
        const d = Number(str(f[0]));
        if (!Number.isInteger(d) || d < 1) throw new SieParseError(lineNo, "#DIM needs a dimension number");
        file.dimensions.set(d, str(f[1]));
        break;
      }
      case "#OBJEKT": {
        const d = Number(str(f[0]));
        if (!Number.isInteger(d) || d < 1) throw new SieParseError(lineNo, "#OBJEKT needs a dimension number");
        file.objects.push({ dimension: d, code: str(f[1]), name: str(f[2]) });
        break;
      }
      case "#IB":
      case "#UB":
      case "#RES": {
        const year = Number(str(f[0]));
        if (!Number.isInteger(year)) throw new SieParseError(lineNo, `${label} needs a year number`);
        const bal = { year, account: account(str(f[1]), lineNo), amountOre: parseAmount(str(f[2]), lineNo), line: lineNo };
        (label === "#IB" ? file.opening : label === "#UB" ? file.closing : file.results).push(bal);
        break;
      }
      case "#VER": {
        const series = str(f[0]);
        const numberRaw = str(f[1]);
        const number = numberRaw === "" ? null : Number(numberRaw);
        if (number !== null && (!Number.isInteger(number) || number < 1)) throw new SieParseError(lineNo, `"${numberRaw}" is not a voucher number`);
        voucher = { series, number, date: parseDate(str(f[2]), lineNo), text: str(f[3]), line: lineNo, trans: [] };
        break;
      }
      case "#TRANS":
        voucher!.trans.push({
          account: account(str(f[0]), lineNo),
          objects: objectMap(f[1], lineNo),
          amountOre: parseAmount(str(f[2]), lineNo),
          text: str(f[4]) || null,
          line: lineNo,
        });
        break;
      // §: #RTRANS is always followed by an identical #TRANS, and #BTRANS records a
      // removed line; the #TRANS lines are the voucher.
      case "#RTRANS":
      case "#BTRANS":
        break;
      default:
        break;
    }
  }
  if (voucher) throw new SieParseError(voucher.line, inBlock ? "the #VER block is not closed with }" : "#VER must be followed by { on its own line");
  return file;
}
