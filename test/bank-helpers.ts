// Bank statements written for the tests, and a bank file imported through the API to the end of its operation.
import { SELF } from "cloudflare:test";
import { expect } from "vitest";
import { BASE, settleOperation } from "./helpers";

/** A camt.053.001.08 statement of one account: opening balance, entries, closing balance. */
export function camt053(o: {
  iban: string;
  currency: string;
  opening: number;
  entries: { ref: string; date: string; amount: number; text: string }[];
  closing?: number;
}) {
  const bal = (code: string, amount: number, date: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="${o.currency}">${Math.abs(amount).toFixed(2)}</Amt><CdtDbtInd>${amount < 0 ? "DBIT" : "CRDT"}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
  const closing = o.closing ?? o.entries.reduce((s, e) => Math.round((s + e.amount) * 100) / 100, o.opening);
  const first = o.entries[0]?.date ?? "2025-03-01";
  const last = o.entries[o.entries.length - 1]?.date ?? first;
  const entries = o.entries
    .map(
      (e) =>
        `<Ntry><NtryRef>${e.ref}</NtryRef><Amt Ccy="${o.currency}">${Math.abs(e.amount).toFixed(2)}</Amt><CdtDbtInd>${e.amount < 0 ? "DBIT" : "CRDT"}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${e.date}</Dt></BookgDt><ValDt><Dt>${e.date}</Dt></ValDt><AcctSvcrRef>${e.ref}</AcctSvcrRef><NtryDtls><TxDtls><Amt Ccy="${o.currency}">${Math.abs(e.amount).toFixed(2)}</Amt><CdtDbtInd>${e.amount < 0 ? "DBIT" : "CRDT"}</CdtDbtInd><RmtInf><Ustrd>${e.text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    )
    .join("");
  return new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>M-${o.iban}-${last}</MsgId><CreDtTm>${last}T18:00:00+01:00</CreDtTm></GrpHdr><Stmt><Id>S-${o.iban}-${last}</Id><CreDtTm>${last}T18:00:00+01:00</CreDtTm><Acct><Id><IBAN>${o.iban}</IBAN></Id><Ccy>${o.currency}</Ccy></Acct>${bal("OPBD", o.opening, first)}${bal("CLBD", closing, last)}${entries}</Stmt></BkToCstmrStmt></Document>`,
  );
}

export async function importBankFile(key: string, companyId: string, bytes: Uint8Array, settlementAccount: string) {
  const form = new FormData();
  form.append("file", new File([bytes], "statement.xml"));
  form.append("settlement_account", settlementAccount);
  const res = await SELF.fetch(`${BASE}/api/v1/companies/${companyId}/imports/bank`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}` },
    body: form,
  });
  const started = (await res.json()) as any;
  expect(res.status, JSON.stringify(started)).toBe(202);
  return settleOperation(key, started.data.operation_id);
}
