// Commands of reconciliation: link items, unlink them, sign off an account through a date.
// None of them posts: reconciliation explains the books, it never changes them.
import { and, eq } from "drizzle-orm";
import { todayUtc } from "../../../clock";
import type { Command, Statement } from "../../../commands/plan";
import { reconciliationLinks, reconciliationSignoffs } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { fromOre } from "../../../money";
import { accountLinesByIds } from "../../../ledger/queries";
import {
  bankRowsForReconciliation,
  planReconciliationMethod,
  planTransactionLink,
  planTransactionUnlink,
} from "../../bank-transactions";
import { accountState, figures, linksOf, signoffJson, signoffRowJson, signoffsOf } from "./queries";
import { hasItems, parseAccountKey } from "./keys";
import { taxAccountRows } from "../tax-account/queries";
import type { LinksBody, SignoffBody } from "./schemas";

type Pair = {
  external: { id: string; amountOre: number }[];
  ledger: { id: string; amountOre: number }[];
  method: "manual" | "proposal";
};

function linkJson(linkId: string, p: Pair) {
  return {
    link_id: linkId,
    external_item_ids: p.external.map((x) => x.id),
    ledger_item_ids: p.ledger.map((x) => x.id),
    amount: fromOre(p.external.reduce((s, x) => s + x.amountOre, 0)),
    method: p.method,
  };
}

export const createLinks: Command<LinksBody & { account_key: string }> = async (db, input, ctx) => {
  const key = parseAccountKey(input.account_key);
  if (!hasItems(key))
    throw new ApiError(
      "VALIDATION_ERROR",
      { account_key: key.key, reason: "links are kept for bank accounts and the skattekonto only" },
      "Only a bank account's or the skattekonto's items are linked.",
    );
  const pairs: Pair[] = [];
  if (input.use_proposals) {
    const to = input.date_to ?? todayUtc();
    const state = await accountState(db, ctx.companyId, key, `${to.slice(0, 4)}-01-01`, to);
    for (const item of state.recon!.items) {
      if (item.bucket !== "proposed" || item.side !== "external") continue;
      const other = state.recon!.items.find((x) => x.itemId === item.proposal!.counterpart_item_id)!;
      pairs.push({
        external: [{ id: item.itemId, amountOre: item.amountOre }],
        ledger: [{ id: other.itemId, amountOre: other.amountOre }],
        method: "proposal",
      });
    }
  } else {
    const named = input.pairs!.flatMap((p) => [...p.external_item_ids, ...p.ledger_item_ids]);
    const dup = named.find((id, i) => named.indexOf(id) !== i);
    if (dup)
      throw new ApiError(
        "VALIDATION_ERROR",
        { fields: [{ path: "pairs", message: `item ${dup} is named twice` }] },
        "An item is named twice.",
      );
    const outside =
      key.kind === "skattekonto"
        ? await taxAccountRows(db, ctx.companyId, "9999-12-31")
        : await bankRowsForReconciliation(db, ctx.companyId, key.account, "9999-12-31");
    const rows = new Map(outside.map((r) => [r.id, r]));
    const lines = new Map(
      (
        await accountLinesByIds(
          db,
          ctx.companyId,
          key.account,
          input.pairs!.flatMap((p) => p.ledger_item_ids),
        )
      ).map((l) => [l.lineId, l]),
    );
    const bookedEntries = new Set([...rows.values()].map((r) => r.journalEntryId).filter((x): x is string => !!x));
    const linked = new Set((await linksOf(db, ctx.companyId, key.key)).map((k) => k.itemId));
    input.pairs!.forEach((p, index) => {
      if (p.external_item_ids.length > 1 && p.ledger_item_ids.length > 1) {
        throw new ApiError(
          "VALIDATION_ERROR",
          { fields: [{ path: `pairs.${index}`, message: "one-to-one, one-to-many or many-to-one; not many-to-many" }] },
          "A link joins one item to one or many, not many to many.",
        );
      }
      const missing = [
        ...p.external_item_ids.filter((id) => !rows.has(id)),
        ...p.ledger_item_ids.filter((id) => !lines.has(id)),
      ];
      if (missing.length)
        throw new ApiError("NOT_FOUND", { account_key: key.key, item_ids: missing }, "No such item on this account.");
      const taken = [
        ...p.external_item_ids.filter(
          (id) => linked.has(id) || rows.get(id)!.journalEntryId || rows.get(id)!.isIgnored,
        ),
        ...p.ledger_item_ids.filter((id) => linked.has(id) || bookedEntries.has(lines.get(id)!.entryId)),
      ];
      if (taken.length)
        throw new ApiError(
          "CONFLICT",
          { item_ids: taken, reason: "already matched, booked from a transaction, linked or ignored" },
          "An item is already matched.",
        );
      // the ledger is in SEK: a row of another currency is never summed with, nor linked to, its lines
      const foreign = p.external_item_ids.filter((id) => rows.get(id)!.currency !== "SEK");
      if (foreign.length)
        throw new ApiError(
          "VALIDATION_ERROR",
          {
            fields: [
              { path: `pairs.${index}`, message: "a transaction not in SEK cannot be linked to SEK ledger lines" },
            ],
            item_ids: foreign,
            currencies: [...new Set(foreign.map((id) => rows.get(id)!.currency))],
          },
          "Only SEK transactions can be linked to the ledger, which is kept in SEK.",
        );
      const external = p.external_item_ids.map((id) => ({ id, amountOre: rows.get(id)!.amountOre }));
      const ledger = p.ledger_item_ids.map((id) => ({ id, amountOre: lines.get(id)!.amountOre }));
      const e = external.reduce((s, x) => s + x.amountOre, 0);
      const l = ledger.reduce((s, x) => s + x.amountOre, 0);
      if (e !== l) {
        throw new ApiError(
          "VALIDATION_ERROR",
          {
            fields: [{ path: `pairs.${index}`, message: "the two sides' sums differ" }],
            external_sum: fromOre(e),
            ledger_sum: fromOre(l),
          },
          "The linked items' sums must be equal.",
        );
      }
      pairs.push({ external, ledger, method: "manual" });
    });
  }
  const statements: Statement[] = [];
  const links = pairs.map((p) => {
    const linkId = newId();
    for (const [side, list] of [
      ["external", p.external],
      ["ledger", p.ledger],
    ] as const) {
      for (const x of list) {
        statements.push(
          db.insert(reconciliationLinks).values({
            id: newId(),
            companyId: ctx.companyId,
            linkId,
            accountKey: key.key,
            side,
            itemId: x.id,
            amountOre: x.amountOre,
            method: p.method,
            createdByKeyId: ctx.apiKeyId,
            createdAt: ctx.now,
          }),
        );
      }
    }
    statements.push(
      ...planTransactionLink(
        db,
        ctx.companyId,
        p.external.map((x) => x.id),
        linkId,
        ctx.now,
      ),
    );
    return linkJson(linkId, p);
  });
  return {
    status: 201,
    data: { account_key: key.key, links, linked_count: links.length },
    statements,
    unchanged: links.length === 0 ? true : undefined,
    audit: { action: "reconciliation.linked", resourceType: "reconciliation_account", resourceId: key.key },
  };
};

export const removeLink: Command<{ account_key: string; link_id: string }> = async (db, input, ctx) => {
  const key = parseAccountKey(input.account_key);
  const rows = await db
    .select()
    .from(reconciliationLinks)
    .where(
      and(
        eq(reconciliationLinks.companyId, ctx.companyId),
        eq(reconciliationLinks.accountKey, key.key),
        eq(reconciliationLinks.linkId, input.link_id),
      ),
    )
    .all();
  if (rows.length === 0) throw new ApiError("NOT_FOUND", { link_id: input.link_id }, "No such link on this account.");
  return {
    status: 200,
    data: { account_key: key.key, link_id: input.link_id, unlinked: true, item_ids: rows.map((r) => r.itemId) },
    statements: [
      db
        .delete(reconciliationLinks)
        .where(and(eq(reconciliationLinks.companyId, ctx.companyId), eq(reconciliationLinks.linkId, input.link_id))),
      planTransactionUnlink(db, ctx.companyId, input.link_id, ctx.now),
      // a link the bank run made on its own leaves reconciliation_method "auto" on the transaction: cleared with it
      ...planReconciliationMethod(
        db,
        ctx.companyId,
        rows.filter((r) => r.method === "auto" && r.side === "external").map((r) => r.itemId),
        null,
        ctx.now,
      ),
    ],
    audit: { action: "reconciliation.unlinked", resourceType: "reconciliation_link", resourceId: input.link_id },
  };
};

export const createSignoff: Command<SignoffBody & { account_key: string }> = async (db, input, ctx) => {
  const key = parseAccountKey(input.account_key);
  const today = ctx.now.slice(0, 10);
  if (input.through_date > today)
    throw new ApiError(
      "VALIDATION_ERROR",
      { fields: [{ path: "through_date", message: "must not be in the future" }] },
      "through_date is in the future.",
    );
  const from = input.date_from ?? `${input.through_date.slice(0, 4)}-01-01`;
  if (from > input.through_date)
    throw new ApiError(
      "VALIDATION_ERROR",
      { fields: [{ path: "date_from", message: "must not be after through_date" }] },
      "date_from is after through_date.",
    );
  const state = await accountState(db, ctx.companyId, key, from, input.through_date);
  const f = figures(state);
  if (!f.isReconciled) {
    throw new ApiError(
      "CONFLICT",
      {
        reason: "not_reconciled",
        unexplained_difference: f.unexplained === null ? null : fromOre(f.unexplained),
        open_counts: {
          proposed: f.counts.proposed,
          unmatched_external: f.counts.unmatched_external,
          unmatched_ledger: f.counts.unmatched_ledger,
        },
      },
      "Only a reconciled account can be signed off: the unexplained difference must be zero and no item open.",
    );
  }
  for (const existing of await signoffsOf(db, ctx.companyId, key.key)) {
    if (existing.throughDate === input.through_date && !(await signoffJson(db, ctx.companyId, existing)).reopened) {
      throw new ApiError(
        "CONFLICT",
        { reason: "already_signed_off", signoff_id: existing.id },
        "The account is already signed off through this date.",
      );
    }
  }
  const row = {
    id: newId(),
    companyId: ctx.companyId,
    accountKey: key.key,
    dateFrom: from,
    throughDate: input.through_date,
    externalBalanceOre: state.externalBalanceOre,
    ledgerBalanceOre: state.ledgerBalanceOre,
    unexplainedDifferenceOre: f.unexplained,
    note: input.note ?? null,
    fingerprint: state.fingerprint,
    signedByKeyId: ctx.apiKeyId,
    signedByUserId: ctx.userId,
    signedAt: ctx.now,
  };
  return {
    status: 201,
    data: {
      ...signoffRowJson(row, row.signedByUserId),
      reopened: false,
      reopened_at: null,
      reopened_by: null,
      reopen_reason: null,
      current: null,
    },
    statements: [db.insert(reconciliationSignoffs).values(row)],
    audit: { action: "reconciliation.signed_off", resourceType: "reconciliation_signoff", resourceId: row.id },
  };
};
