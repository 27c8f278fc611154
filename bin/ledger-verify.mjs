#!/usr/bin/env node
// The offline verifier of the verifiable ledger (issue #45, docs/verifiable-ledger.md): checks an
// export with no service and no dependency beyond node:crypto and node:fs.
//
//   npx ledger-verify export.se chain.json --key ledger-keys.json
//
// export.se     the SIE 4 file of a fiscal year (GET .../reports/sie-export)
// chain.json    the JSON sidecar of the sealed year, GET .../fiscal-periods/{id}/ledger-sidecar:
//               { company_id, seal, records } where seal is the year's seal and records the
//               chain's records through the seal's chain_seq (each an entry with the SHA-256 of
//               its documents, or a document linked after its entry was chained)
// --key         the public keys (/.well-known/ledger-keys.json as served, or a JWK, or an array)
//
// It checks, and names the first failure of each:
//   1. the SIE file's #KSUMMA, exactly as SIE 4C §10 defines it (CRC-32 over each record's label
//      and fields between the opening and closing #KSUMMA, in codepage 437);
//   2. the chain: seq 1, 2, 3, ... and each record's hash recomputed from its canonical form
//      (in the version the record names: 1 an entry, 2 an entry with its documents' SHA-256
//      or a document's own place) after the previous hash;
//   3. the seal: signed by the named key (Ed25519), naming the chain's seq and hash;
//   4. every voucher of the SIE file is an entry of the chain with the same lines.
// Exit code 0 when all hold, 1 when one fails, 2 on wrong usage.
import { createPublicKey, createHash, verify } from "node:crypto";
import { readFileSync } from "node:fs";

const GENESIS = "0".repeat(64);

// ---------------------------------------------------------------- SIE 4C §10: #KSUMMA

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = i;
    for (let j = 8; j > 0; j--) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1; // §10.11
    t[i] = crc >>> 0;
  }
  return t;
})();

const isBlank = (b) => b === 0x20 || b === 0x09 || b === 0x0d;

/** A record's fields as bytes (§10.14): quotes, blanks between fields and braces dropped, \" as ". */
export function recordFields(line) {
  const fields = [];
  let i = 0;
  const n = line.length;
  const quoted = () => {
    i++;
    const out = [];
    while (i < n && line[i] !== 0x22) {
      if (line[i] === 0x5c && line[i + 1] === 0x22) i++;
      out.push(line[i++]);
    }
    i++;
    return out;
  };
  const bare = (inList) => {
    const out = [];
    while (i < n && !isBlank(line[i]) && !(inList && line[i] === 0x7d)) out.push(line[i++]);
    return out;
  };
  while (i < n) {
    const b = line[i];
    if (isBlank(b)) i++;
    else if (b === 0x22) fields.push(quoted());
    else if (b === 0x7b) {
      i++;
      while (i < n && line[i] !== 0x7d) {
        if (isBlank(line[i])) i++;
        else fields.push(line[i] === 0x22 ? quoted() : bare(true));
      }
      i++;
    } else fields.push(bare(false));
  }
  return fields;
}

/** The file's lines as byte arrays (CR LF or LF). */
function lines(bytes) {
  const out = [];
  let from = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 0x0a) {
      out.push(bytes.subarray(from, i));
      from = i + 1;
    }
  }
  return out;
}

const text = (bytes) => Buffer.from(bytes).toString("latin1");

/** §10.4-10.14: { stated, computed } or null when the file has no #KSUMMA. */
export function ksumma(bytes) {
  let crc = null;
  let stated = null;
  for (const raw of lines(bytes)) {
    const fields = recordFields(raw);
    if (!fields.length) continue;
    const label = text(fields[0]).toUpperCase();
    if (label === "#KSUMMA") {
      if (crc === null && fields.length === 1) {
        crc = 0xffffffff; // §10.12
        continue;
      }
      if (crc !== null) {
        stated = fields[1] ? Number(text(fields[1])) : null;
        break;
      }
      continue;
    }
    if (crc === null || label === "{" || label === "}") continue;
    for (const f of fields) for (const b of f) crc = (crc >>> 8) ^ CRC_TABLE[(crc ^ b) & 0xff];
  }
  if (crc === null) return null;
  return { stated, computed: (crc ^ 0xffffffff) >>> 0 }; // §10.13
}

// ---------------------------------------------------------------- the chain

const byCodeUnits = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** The canonical form of a chain record's entry, in version v (docs/verifiable-ledger.md, src/ledger/chain.ts). */
export function canonical(companyId, seq, prev, e, v = 1) {
  const lines = [...e.lines]
    .sort((a, b) => a.sort_order - b.sort_order)
    .map((l) => [
      l.account_number,
      l.debit_ore,
      l.credit_ore,
      Object.keys(l.dimensions ?? {})
        .sort(byCodeUnits)
        .map((k) => [k, String(l.dimensions[k])]),
      l.line_description ?? null,
    ]);
  const form = {
    v,
    company_id: companyId,
    seq,
    prev,
    kind: "entry",
    id: e.id,
    date: e.date,
    series: e.series,
    number: e.number,
    description: e.description,
    reverses_id: e.reverses_id ?? null,
    correction_of_id: e.correction_of_id ?? null,
    lines,
  };
  return JSON.stringify(v >= 2 ? { ...form, documents: [...(e.documents ?? [])].sort(byCodeUnits) } : form);
}

/** The canonical form of a document's own place (version 2): a document linked to an entry chained before it. */
export function canonicalDocument(companyId, seq, prev, d) {
  return JSON.stringify({
    v: 2,
    company_id: companyId,
    seq,
    prev,
    kind: "document",
    id: d.id,
    entry_id: d.entry_id,
    sha256: d.sha256,
  });
}

const sha256 = (s) => createHash("sha256").update(s, "utf8").digest("hex");

/** The first record that does not match, or null; and the hash at each seq. */
export function verifyChain(companyId, records) {
  let prev = GENESIS;
  const hashes = new Map();
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    const isDocument = r.kind === "document";
    const at = isDocument
      ? { seq: i + 1, entry_id: r.document?.entry_id ?? null, document_id: r.document?.id ?? null }
      : { seq: i + 1, entry_id: r.entry?.id ?? null };
    if (r.seq !== i + 1) return { mismatch: { reason: "sequence_gap", ...at }, hashes };
    if (isDocument && !r.document) return { mismatch: { reason: "document_missing", ...at }, hashes };
    if (!isDocument && !r.entry) return { mismatch: { reason: "entry_missing", ...at }, hashes };
    const computed = sha256(
      isDocument
        ? canonicalDocument(companyId, r.seq, prev, r.document)
        : canonical(companyId, r.seq, prev, r.entry, r.v ?? 1),
    );
    if (computed !== r.hash)
      return {
        mismatch: {
          reason: "hash_mismatch",
          ...at,
          ...(isDocument ? {} : { voucher: `${r.entry.series}${r.entry.number}` }),
          stored_hash: r.hash,
          computed_hash: computed,
        },
        hashes,
      };
    hashes.set(r.seq, r.hash);
    prev = r.hash;
  }
  return { mismatch: null, hashes };
}

// ---------------------------------------------------------------- the seal

function keysFrom(doc) {
  const list = Array.isArray(doc) ? doc : (doc.data?.keys ?? doc.keys ?? [doc]);
  return new Map(list.map((k) => [k.kid, k]));
}

export function verifySeal(seal, companyId, keys) {
  const key = keys.get(seal.key_id);
  if (!key) return `the seal's key ${seal.key_id} is not among the keys given`;
  const pub = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: key.x }, format: "jwk" });
  const sig = Buffer.from(seal.signature, "base64url");
  if (!verify(null, Buffer.from(seal.payload, "utf8"), pub, sig)) return "the seal's signature does not verify";
  const p = JSON.parse(seal.payload);
  if (p.company_id !== companyId) return "the seal names another company";
  for (const f of [
    "fiscal_period_id",
    "chain_seq",
    "chain_hash",
    "entry_count",
    "line_count",
    "debit_total_ore",
    "credit_total_ore",
  ])
    if (seal[f] !== undefined && p[f] !== seal[f]) return `the seal's ${f} differs from what it signed`;
  if (key.dev) return "dev-key";
  return null;
}

// ---------------------------------------------------------------- the SIE vouchers against the chain

function ore(amount) {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!m) return Number.NaN;
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number((m[3] ?? "0").padEnd(2, "0")));
}

/** The file's vouchers: series, number, date (YYYY-MM-DD) and lines "account amount" sorted. */
export function sieVouchers(bytes) {
  const out = [];
  let v = null;
  for (const raw of lines(bytes)) {
    const t = text(raw).trim();
    if (t === "}" && v) {
      out.push(v);
      v = null;
      continue;
    }
    const f = recordFields(raw).map(text);
    if (!f.length) continue;
    const label = f[0].toUpperCase();
    if (label === "#VER") {
      const d = f[3] ?? "";
      v = { series: f[1], number: Number(f[2]), date: `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`, lines: [] };
    } else if (label === "#TRANS" && v) {
      // #TRANS account {objects} amount ...: the object list's fields sit between account and amount
      const rest = recordFields(raw);
      const listEnd = raw.indexOf(0x7d);
      const afterList = listEnd >= 0 ? recordFields(raw.subarray(listEnd + 1)).map(text) : rest.slice(2).map(text);
      v.lines.push(`${f[1]} ${ore(afterList[0])}`);
    }
  }
  return out.map((x) => ({ ...x, lines: x.lines.sort() }));
}

function entryLines(e) {
  return e.lines.map((l) => `${l.account_number} ${l.debit_ore - l.credit_ore}`).sort();
}

export function compareVouchers(vouchers, records, start, end) {
  const byKey = new Map();
  for (const r of records)
    if (r.entry && r.entry.date >= start && r.entry.date <= end)
      byKey.set(`${r.entry.series}${r.entry.number}`, r.entry);
  for (const v of vouchers) {
    const e = byKey.get(`${v.series}${v.number}`);
    if (!e) return `voucher ${v.series}${v.number} of the SIE file is not in the chain`;
    if (e.date !== v.date) return `voucher ${v.series}${v.number}: date ${v.date} in the file, ${e.date} in the chain`;
    if (JSON.stringify(entryLines(e)) !== JSON.stringify(v.lines))
      return `voucher ${v.series}${v.number}: its lines differ from the chain's`;
  }
  return null;
}

// ---------------------------------------------------------------- the command

function main(argv) {
  const args = argv.slice(2);
  const k = args.indexOf("--key");
  const keyFile = k >= 0 ? args[k + 1] : null;
  const files = args.filter((_, i) => i !== k && i !== k + 1);
  if (files.length !== 2 || !keyFile) {
    console.error("usage: ledger-verify export.se chain.json --key ledger-keys.json");
    return 2;
  }
  const sie = new Uint8Array(readFileSync(files[0]));
  const sidecar = JSON.parse(readFileSync(files[1], "utf8"));
  const keys = keysFrom(JSON.parse(readFileSync(keyFile, "utf8")));
  const failures = [];
  const ok = (m) => console.log(`ok    ${m}`);
  const fail = (m) => {
    failures.push(m);
    console.log(`FAIL  ${m}`);
  };

  const sum = ksumma(sie);
  if (!sum) fail("the SIE file has no #KSUMMA (SIE 4C §10)");
  else if (sum.stated !== sum.computed)
    fail(`#KSUMMA: the file states ${sum.stated}, its records make ${sum.computed} (SIE 4C §10)`);
  else ok(`#KSUMMA ${sum.computed} (SIE 4C §10)`);

  const { company_id: companyId, seal, records } = sidecar;
  const chain = verifyChain(companyId, records);
  if (chain.mismatch) fail(`chain: first mismatch ${JSON.stringify(chain.mismatch)}`);
  else ok(`chain: ${records.length} records recomputed`);

  const sealProblem = verifySeal(seal, companyId, keys);
  if (sealProblem === "dev-key")
    console.log("warn  the seal is signed by the public development key: it proves nothing");
  else if (sealProblem) fail(`seal: ${sealProblem}`);
  else ok(`seal: signed by ${seal.key_id}`);
  if (!chain.mismatch) {
    if (chain.hashes.get(seal.chain_seq) !== seal.chain_hash)
      fail(`seal: the chain's hash at seq ${seal.chain_seq} is not the sealed ${seal.chain_hash}`);
    else ok(`seal: the chain reaches seq ${seal.chain_seq} with the sealed hash`);
  }

  const vouchers = sieVouchers(sie);
  const differ = compareVouchers(vouchers, records, seal.period_start, seal.period_end);
  if (differ) fail(differ);
  else ok(`${vouchers.length} vouchers of the SIE file are in the chain with the same lines`);

  console.log(failures.length ? `NOT VERIFIED: ${failures.length} check(s) failed` : "VERIFIED");
  return failures.length ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("ledger-verify")) {
  process.exitCode = main(process.argv);
}
