// The bank reconciliation of one settlement account through a date: every bank row and every
// ledger line on the account put in one bucket, and the bridge that explains the difference.
// Pure: the caller reads the rows, lines and links (queries.ts) and hands them in.
import type { AccountLedgerLine } from "../../../ledger/queries";
import type { ReconciliationBankRow } from "../../bank-transactions";
import type { ExpectedCharge } from "../../../sweden/tax-account";
import { matchItems } from "./matcher";

export type Bucket = "proposed" | "unmatched_external" | "unmatched_ledger" | "matched" | "ignored" | "upcoming";
export const COUNTED_BUCKETS = ["proposed", "unmatched_external", "unmatched_ledger", "matched", "ignored"] as const;

/** Days either side of a bank row within which a ledger line of the same amount is proposed. */
export const PROPOSAL_WINDOW_DAYS = 5;
/** Days after the reconciled date in which a bank row may still arrive for a line booked before it (timing). */
export const TIMING_WINDOW_DAYS = 10;

export interface LinkRow {
  linkId: string;
  side: "external" | "ledger";
  itemId: string;
  amountOre: number;
  method: "manual" | "proposal" | "auto";
}

export interface Proposal {
  counterpart_item_id: string;
  confidence: number;
  reasons: string[];
  /** the matcher's pair is unambiguous and scores at least AUTO_LINK_MIN: POST .../bank/run links it (auto_link) */
  auto_link?: boolean;
}

export interface ClassifiedItem {
  itemId: string;
  side: "external" | "ledger";
  bucket: Bucket;
  date: string;
  description: string;
  amountOre: number;
  currency: string;
  row?: ReconciliationBankRow;
  line?: AccountLedgerLine;
  /** how a matched item is matched: booking (the row's own entry), link, reversal (a storno pair) */
  matchedBy?: "booking" | "link" | "reversal";
  linkId?: string;
  proposal?: Proposal;
  /** a ledger line whose bank row is dated after the reconciled date */
  awaitingExternal?: boolean;
  /** a bank row whose entry is dated after the reconciled date */
  awaitingLedger?: boolean;
  /** the row's amount differs from its entry's lines on the account */
  linkProblem?: string;
  /** a skattekonto charge the books predict, not yet on the statement (bucket upcoming) */
  expected?: ExpectedCharge;
}

export interface BridgeLine {
  key: string;
  label_sv: string;
  label_en: string;
  amountOre: number;
  count: number;
  items_bucket: Bucket | null;
}

export interface BankReconciliation {
  items: ClassifiedItem[];
  bridge: BridgeLine[];
  counts: Record<(typeof COUNTED_BUCKETS)[number], number>;
}

export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Classifies the rows (dated through `through + TIMING_WINDOW_DAYS`) and the lines (dated through
 * `through`) of one settlement account. `entryDates` gives the date of every entry the rows name.
 */
export function reconcileBank(input: {
  through: string;
  rows: ReconciliationBankRow[];
  lines: AccountLedgerLine[];
  links: LinkRow[];
  entryDates: Map<string, string>;
}): BankReconciliation {
  const { through, lines, links, entryDates } = input;
  const rows = input.rows.filter((r) => r.date <= through);
  const later = input.rows.filter((r) => r.date > through);
  const out = new Map<string, ClassifiedItem>();
  const put = (item: ClassifiedItem) => out.set(item.itemId, item);
  const ext = (r: ReconciliationBankRow, bucket: Bucket, extra: Partial<ClassifiedItem> = {}): ClassifiedItem => ({
    itemId: r.id,
    side: "external",
    bucket,
    date: r.date,
    description: r.description,
    amountOre: r.amountOre,
    currency: r.currency,
    row: r,
    ...extra,
  });
  const led = (l: AccountLedgerLine, bucket: Bucket, extra: Partial<ClassifiedItem> = {}): ClassifiedItem => ({
    itemId: l.lineId,
    side: "ledger",
    bucket,
    date: l.entryDate,
    description: l.description,
    amountOre: l.amountOre,
    currency: "SEK",
    line: l,
    ...extra,
  });
  const linesByEntry = new Map<string, AccountLedgerLine[]>();
  for (const l of lines) linesByEntry.set(l.entryId, [...(linesByEntry.get(l.entryId) ?? []), l]);
  const lineById = new Map(lines.map((l) => [l.lineId, l]));
  const rowById = new Map(input.rows.map((r) => [r.id, r]));
  const bookingGroups: { rowAmount: number; lineAmount: number }[] = [];

  // 1. Explicit links: matched when every item of the link is dated through the date.
  const byLink = new Map<string, LinkRow[]>();
  for (const k of links) byLink.set(k.linkId, [...(byLink.get(k.linkId) ?? []), k]);
  for (const [linkId, members] of byLink) {
    const lateRow = members.some(
      (m) => m.side === "external" && rowById.get(m.itemId)?.date && rowById.get(m.itemId)!.date > through,
    );
    const present = members.filter((m) =>
      m.side === "external" ? rows.some((r) => r.id === m.itemId) : lineById.has(m.itemId),
    );
    const complete = present.length === members.length;
    for (const m of present) {
      if (m.side === "external") {
        const r = rows.find((x) => x.id === m.itemId)!;
        put(ext(r, complete ? "matched" : "upcoming", { matchedBy: "link", linkId, awaitingLedger: !complete }));
      } else {
        put(
          led(lineById.get(m.itemId)!, complete ? "matched" : "upcoming", {
            matchedBy: "link",
            linkId,
            awaitingExternal: !complete && lateRow,
          }),
        );
      }
    }
  }

  // 2. Storno pairs: an entry and its reversal both on the account net to nothing.
  for (const l of lines) {
    if (out.has(l.lineId)) continue;
    if (l.reversedById && linesByEntry.has(l.reversedById)) {
      for (const x of [...(linesByEntry.get(l.entryId) ?? []), ...(linesByEntry.get(l.reversedById) ?? [])])
        if (!out.has(x.lineId)) put(led(x, "matched", { matchedBy: "reversal" }));
    }
  }

  // 3. Ignored rows, and rows booked by the bank-transactions domain (their own entry).
  for (const r of rows) {
    if (out.has(r.id)) continue;
    if (r.isIgnored) {
      put(ext(r, "ignored"));
      continue;
    }
    if (!r.journalEntryId) continue;
    const own = (linesByEntry.get(r.journalEntryId) ?? []).filter((l) => !out.has(l.lineId));
    const entryDate = entryDates.get(r.journalEntryId);
    if (own.length === 0 && entryDate && entryDate > through) {
      put(ext(r, "upcoming", { awaitingLedger: true }));
      continue;
    }
    const lineAmount = own.reduce((s, l) => s + l.amountOre, 0);
    const problem = own.length > 0 && lineAmount !== r.amountOre ? "amount_differs_from_entry" : undefined;
    put(ext(r, "matched", { matchedBy: "booking", linkProblem: problem }));
    for (const l of own) put(led(l, "matched", { matchedBy: "booking", linkProblem: problem }));
    if (own.length > 0) bookingGroups.push({ rowAmount: r.amountOre, lineAmount });
  }

  // 4. Lines whose bank row is booked or linked after the date: timing.
  for (const r of later) {
    if (!r.journalEntryId) continue;
    for (const l of linesByEntry.get(r.journalEntryId) ?? [])
      if (!out.has(l.lineId))
        put(
          led(l, "upcoming", {
            awaitingExternal: true,
            proposal: { counterpart_item_id: r.id, confidence: 1, reasons: ["booked_from_later_transaction"] },
          }),
        );
  }

  // 5. Proposals: the matcher (./matcher.ts) on the open rows and lines; a tie for the best stays unmatched.
  const openRows = rows.filter((r) => !out.has(r.id));
  const openLines = lines.filter((l) => !out.has(l.lineId));
  const matched = matchItems(
    openRows.map((r) => ({
      id: r.id,
      date: r.date,
      amountOre: r.amountOre,
      text: r.description,
      reference: r.reference,
      counterparty: r.merchantName,
    })),
    openLines.map((l) => ({ id: l.lineId, date: l.entryDate, amountOre: l.amountOre, text: l.description })),
    { windowDays: PROPOSAL_WINDOW_DAYS },
  );
  const rowOf = new Map(openRows.map((r) => [r.id, r]));
  for (const m of matched.matches) {
    const score = { confidence: m.confidence, reasons: m.reasons, auto_link: m.autoLink };
    put(ext(rowOf.get(m.externalId)!, "proposed", { proposal: { counterpart_item_id: m.ledgerId, ...score } }));
    put(led(lineById.get(m.ledgerId)!, "proposed", { proposal: { counterpart_item_id: m.externalId, ...score } }));
  }
  const ambiguous = new Set([...matched.ambiguousExternal, ...matched.ambiguousLedger]);

  // 6. A line with exactly one unbooked, unlinked later row of its amount within the timing window: timing.
  const linkedIds = new Set(links.map((k) => k.itemId));
  const laterOpen = later.filter(
    (r) =>
      !r.journalEntryId && !r.isIgnored && !linkedIds.has(r.id) && daysBetween(through, r.date) <= TIMING_WINDOW_DAYS,
  );
  for (const l of openLines) {
    if (out.has(l.lineId)) continue;
    const cands = laterOpen.filter((r) => r.amountOre === l.amountOre);
    if (cands.length === 1 && openLines.filter((x) => !out.has(x.lineId) && x.amountOre === l.amountOre).length === 1) {
      put(
        led(l, "upcoming", {
          awaitingExternal: true,
          proposal: {
            counterpart_item_id: cands[0].id,
            confidence: 0.7,
            reasons: ["same_amount", "transaction_after_date"],
          },
        }),
      );
    }
  }

  // 7. The rest is unmatched.
  for (const r of rows)
    if (!out.has(r.id))
      put(ext(r, "unmatched_external", ambiguous.has(r.id) ? { linkProblem: "ambiguous_candidates" } : {}));
  for (const l of lines)
    if (!out.has(l.lineId))
      put(led(l, "unmatched_ledger", ambiguous.has(l.lineId) ? { linkProblem: "ambiguous_candidates" } : {}));

  const items = [...out.values()].sort((a, b) =>
    a.date === b.date ? (a.itemId < b.itemId ? -1 : 1) : a.date < b.date ? -1 : 1,
  );
  const counts = { proposed: 0, unmatched_external: 0, unmatched_ledger: 0, matched: 0, ignored: 0 };
  for (const i of items) if (i.bucket !== "upcoming") counts[i.bucket] += 1;

  const sum = (f: (i: ClassifiedItem) => boolean) => {
    const sel = items.filter(f);
    return {
      amountOre: sel.reduce((s, i) => s + (i.side === "external" ? i.amountOre : -i.amountOre), 0),
      count: sel.length,
    };
  };
  const bridge: BridgeLine[] = [];
  const add = (
    key: string,
    label_sv: string,
    label_en: string,
    items_bucket: Bucket | null,
    v: { amountOre: number; count: number },
  ) => {
    if (v.count > 0 && (v.amountOre !== 0 || key === "proposed"))
      bridge.push({ key, label_sv, label_en, items_bucket, ...v });
  };
  add(
    "unbooked_transactions",
    "Bankhändelser som inte är bokförda",
    "Bank transactions not booked",
    "unmatched_external",
    sum((i) => i.bucket === "unmatched_external"),
  );
  add(
    "entries_without_transaction",
    "Bokförda poster utan bankhändelse",
    "Ledger entries without a bank transaction",
    "unmatched_ledger",
    sum((i) => i.bucket === "unmatched_ledger"),
  );
  add(
    "proposed",
    "Föreslagna matchningar, inte länkade",
    "Proposed matches, not linked",
    "proposed",
    sum((i) => i.bucket === "proposed"),
  );
  add(
    "in_transit_ledger",
    "Bokfört men på banken först efter datumet (tidsskillnad)",
    "Booked, on the bank only after the date (timing)",
    "upcoming",
    sum((i) => i.bucket === "upcoming" && i.side === "ledger"),
  );
  add(
    "in_transit_external",
    "På banken men bokfört först efter datumet (tidsskillnad)",
    "On the bank, booked only after the date (timing)",
    "upcoming",
    sum((i) => i.bucket === "upcoming" && i.side === "external"),
  );
  add(
    "ignored_transactions",
    "Ignorerade bankhändelser",
    "Ignored bank transactions",
    "ignored",
    sum((i) => i.bucket === "ignored"),
  );
  const diff = bookingGroups.filter((g) => g.rowAmount !== g.lineAmount);
  add(
    "match_differences",
    "Bokförda med annat belopp än bankhändelsen",
    "Booked at another amount than the bank transaction",
    "matched",
    {
      amountOre: diff.reduce((s, g) => s + g.rowAmount - g.lineAmount, 0),
      count: diff.length,
    },
  );
  return { items, bridge, counts };
}
