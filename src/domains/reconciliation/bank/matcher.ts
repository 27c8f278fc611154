// The automatic matcher: outside items (bank rows, skattekonto rows) against ledger lines of
// one account, by amount, a date window, reference (OCR / invoice numbers) and counterparty.
// Pure and hashed: the lines are grouped by amount in öre and sorted by day inside a group,
// so each outside item looks only at the lines of its own amount inside the window (binary
// search), O((n + m) log m) plus the candidates. A pair is chosen only when each is the
// other's single best candidate; a tie for the best score is ambiguous and never chosen.

export interface MatchExternal {
  id: string;
  date: string;
  amountOre: number;
  text: string;
  /** OCR or payment reference the bank gave */
  reference?: string | null;
  /** merchant or counterparty name */
  counterparty?: string | null;
}

export interface MatchLedger {
  id: string;
  date: string;
  amountOre: number;
  text: string;
}

export interface MatchOptions {
  /** days either side of the outside item (default 5) */
  windowDays?: number;
  /** confidence from which an unambiguous pair may be linked by the run (default AUTO_LINK_MIN) */
  autoLinkMin?: number;
}

export interface Match {
  externalId: string;
  ledgerId: string;
  confidence: number;
  reasons: string[];
  /** unambiguous and at least autoLinkMin: the run may link it on its own */
  autoLink: boolean;
}

export interface MatchResult {
  matches: Match[];
  /** outside items whose best score is shared by two or more lines (or whose best line prefers another equally) */
  ambiguousExternal: string[];
  ambiguousLedger: string[];
  /** candidate pairs scored (same amount inside the window) */
  candidatePairs: number;
}

export const MATCH_WINDOW_DAYS = 5;
/** Exact amount + same date + counterparty (0.80), or exact amount + reference inside the window (≥ 0.80). */
export const AUTO_LINK_MIN = 0.8;

/** Words that say how money moved, not who moved it: they never count as a shared counterparty. */
const STOPWORDS = new Set([
  "inbetalning",
  "betalning",
  "utbetalning",
  "faktura",
  "fakt",
  "swish",
  "bankgiro",
  "plusgiro",
  "kortköp",
  "kort",
  "överföring",
  "lön",
  "ab",
  "hb",
  "kb",
  "the",
  "och",
  "från",
  "till",
  "avgift",
  "manuellt",
  "ref",
  "ocr",
  "betalt",
  "kund",
  "leverantör",
]);

const DAY_MS = 86_400_000;
export const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

interface Tokens {
  numbers: Set<string>;
  words: Set<string>;
}

/** Numbers of 4 digits or more (OCR, invoice numbers; leading zeros dropped) and words of 3 letters or more. */
export function tokens(...texts: (string | null | undefined)[]): Tokens {
  const numbers = new Set<string>();
  const words = new Set<string>();
  for (const t of texts) {
    if (!t) continue;
    for (const raw of t.toLowerCase().split(/[^a-z0-9åäöéü]+/)) {
      if (raw.length === 0) continue;
      if (/^\d+$/.test(raw)) {
        if (raw.length >= 4) numbers.add(raw.replace(/^0+/, ""));
      } else if (raw.length >= 3 && !/\d/.test(raw) && !STOPWORDS.has(raw)) words.add(raw);
    }
  }
  return { numbers, words };
}

const shares = (a: Set<string>, b: Set<string>) => {
  const [small, big] = a.size <= b.size ? [a, b] : [b, a];
  for (const x of small) if (big.has(x)) return true;
  return false;
};

/** Score of an outside item against a line of the same amount `days` apart. */
export function scorePair(days: number, ext: Tokens, led: Tokens): { confidence: number; reasons: string[] } {
  const reasons = ["same_amount"];
  let score = 0.5;
  if (days === 0) {
    score += 0.2;
    reasons.push("same_date");
  } else if (days <= 2) {
    score += 0.15;
    reasons.push(`date_within_${days}_days`);
  } else {
    score += 0.05;
    reasons.push(`date_within_${days}_days`);
  }
  if (shares(ext.numbers, led.numbers)) {
    score += 0.25;
    reasons.push("reference_in_text");
  }
  if (shares(ext.words, led.words)) {
    score += 0.1;
    reasons.push("counterparty_in_text");
  }
  return { confidence: Math.min(1, Math.round(score * 100) / 100), reasons };
}

interface Edge {
  e: number;
  l: number;
  confidence: number;
  reasons: string[];
}

/** Matches outside items against ledger lines; see the file header for the rules. */
export function matchItems(external: MatchExternal[], ledger: MatchLedger[], options: MatchOptions = {}): MatchResult {
  const window = options.windowDays ?? MATCH_WINDOW_DAYS;
  const autoMin = options.autoLinkMin ?? AUTO_LINK_MIN;
  const ledgerDays = ledger.map((l) => dayNumber(l.date));
  const groups = new Map<number, number[]>();
  for (let i = 0; i < ledger.length; i++) {
    const g = groups.get(ledger[i].amountOre);
    if (g) g.push(i);
    else groups.set(ledger[i].amountOre, [i]);
  }
  for (const g of groups.values()) if (g.length > 1) g.sort((a, b) => ledgerDays[a] - ledgerDays[b]);
  const ledgerTokens: (Tokens | undefined)[] = new Array(ledger.length);

  // Every candidate pair: same amount, inside the window.
  const edgesOfExt: Edge[][] = external.map(() => []);
  const edgesOfLed = new Map<number, Edge[]>();
  let candidatePairs = 0;
  for (let e = 0; e < external.length; e++) {
    const x = external[e];
    const g = groups.get(x.amountOre);
    if (!g) continue;
    const day = dayNumber(x.date);
    let lo = 0;
    let hi = g.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ledgerDays[g[mid]] < day - window) lo = mid + 1;
      else hi = mid;
    }
    let extTokens: Tokens | undefined;
    for (let k = lo; k < g.length && ledgerDays[g[k]] <= day + window; k++) {
      const l = g[k];
      extTokens ??= tokens(x.text, x.reference, x.counterparty);
      const lt = (ledgerTokens[l] ??= tokens(ledger[l].text));
      const edge: Edge = { e, l, ...scorePair(Math.abs(ledgerDays[l] - day), extTokens, lt) };
      edgesOfExt[e].push(edge);
      const le = edgesOfLed.get(l);
      if (le) le.push(edge);
      else edgesOfLed.set(l, [edge]);
      candidatePairs++;
    }
  }

  // Rounds of mutual single best: a pair is taken when each is the other's only best among the free items.
  const extTaken = new Uint8Array(external.length);
  const ledTaken = new Uint8Array(ledger.length);
  const best = (edges: Edge[], free: (x: Edge) => boolean): { edge: Edge | null; tied: boolean } => {
    let top: Edge | null = null;
    let tied = false;
    for (const x of edges) {
      if (!free(x)) continue;
      if (!top || x.confidence > top.confidence) {
        top = x;
        tied = false;
      } else if (x.confidence === top.confidence) tied = true;
    }
    return { edge: top, tied };
  };
  const matches: Match[] = [];
  let pending = edgesOfExt.map((_, e) => e).filter((e) => edgesOfExt[e].length > 0);
  for (let round = 0; round < 20 && pending.length > 0; round++) {
    const chosen: Edge[] = [];
    for (const e of pending) {
      const mine = best(edgesOfExt[e], (x) => !ledTaken[x.l]);
      if (!mine.edge || mine.tied) continue;
      const theirs = best(edgesOfLed.get(mine.edge.l)!, (x) => !extTaken[x.e]);
      if (theirs.tied || theirs.edge !== mine.edge) continue;
      chosen.push(mine.edge);
    }
    if (chosen.length === 0) break;
    for (const c of chosen) {
      extTaken[c.e] = 1;
      ledTaken[c.l] = 1;
      matches.push({
        externalId: external[c.e].id,
        ledgerId: ledger[c.l].id,
        confidence: c.confidence,
        reasons: c.reasons,
        autoLink: c.confidence >= autoMin,
      });
    }
    pending = pending.filter((e) => !extTaken[e] && edgesOfExt[e].some((x) => !ledTaken[x.l]));
  }
  const ambiguousExternal: string[] = [];
  const ambiguousLedger = new Set<string>();
  for (let e = 0; e < external.length; e++) {
    if (extTaken[e]) continue;
    const free = edgesOfExt[e].filter((x) => !ledTaken[x.l]);
    if (free.length === 0) continue;
    ambiguousExternal.push(external[e].id);
    for (const x of free) ambiguousLedger.add(ledger[x.l].id);
  }
  return { matches, ambiguousExternal, ambiguousLedger: [...ambiguousLedger], candidatePairs };
}
