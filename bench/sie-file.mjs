// A generated SIE 4 file for the benchmarks (bench/run.mjs builds a company with it,
// bench/sie-import.mjs times its import): `lines` journal lines in vouchers of five,
// every voucher balanced, #IB, #UB and #RES consistent with the vouchers, in CP437.
// With `objects` (bench/reports.mjs, issue #46), dimension 1 has that many objects and every
// line on a result account names one of them in turn.
export const LINES_PER_VOUCHER = 5;

const CP437 = { å: 0x86, ä: 0x84, ö: 0x94, Å: 0x8f, Ä: 0x8e, Ö: 0x99 };
function cp437(text) {
  const out = Buffer.alloc(text.length);
  let n = 0;
  for (const ch of text) out[n++] = ch.charCodeAt(0) < 0x80 ? ch.charCodeAt(0) : (CP437[ch] ?? 0x3f);
  return out.subarray(0, n);
}

export function generateSie(lines, { objects = 0 } = {}) {
  const objectOf = (v) => `KS${String((v % objects) + 1).padStart(2, "0")}`;
  const vouchers = Math.floor(lines / LINES_PER_VOUCHER);
  const bal = new Map();
  const add = (a, ore) => bal.set(a, (bal.get(a) ?? 0) + ore);
  const amt = (ore) =>
    `${ore < 0 ? "-" : ""}${Math.floor(Math.abs(ore) / 100)}.${String(Math.abs(ore) % 100).padStart(2, "0")}`;
  const costs = ["4010", "5010", "5410", "6110", "6212", "6540", "6570", "7690"];
  const body = [];
  add("1930", 100_000_00);
  add("2081", -100_000_00);
  for (let v = 0; v < vouchers; v++) {
    const day = 1 + (v % 28);
    const month = 1 + Math.floor((v / vouchers) * 12);
    const date = `2025${String(month).padStart(2, "0")}${String(day).padStart(2, "0")}`;
    const net = 1000 + (v % 9000) * 7;
    const vat = Math.round(net / 4);
    const half = Math.floor(net / 2);
    // five lines a voucher, the fifth an öresavrundning on 3740 of 1 öre
    const tr =
      v % 2 === 0
        ? [
            ["1930", net + vat],
            ["3001", -half],
            ["3001", -(net - half)],
            ["2611", -vat - 1],
            ["3740", 1],
          ] // a sale
        : [
            [costs[v % costs.length], half],
            [costs[v % costs.length], net - half],
            ["2641", vat],
            ["2440", -(net + vat) - 1],
            ["3740", 1],
          ]; // a purchase
    body.push(`#VER A ${v + 1} ${date} "Bench ${v % 2 ? "inköp" : "försäljning"} ${v + 1}"`, "{");
    for (const [a, ore] of tr) {
      add(a, ore);
      const list = objects && a >= "3000" && a !== "3740" ? `{1 "${objectOf(v)}"}` : "{}";
      body.push(`#TRANS ${a} ${list} ${amt(ore)}`);
    }
    body.push("}");
  }
  const head = [
    "#FLAGGA 0",
    "#FORMAT PC8",
    "#SIETYP 4",
    '#PROGRAM "bench" 1',
    "#GEN 20260101",
    '#FNAMN "Bänkföretaget AB"',
    "#ORGNR 556016-0680",
    "#RAR 0 20250101 20251231",
  ];
  if (objects) {
    head.push('#DIM 1 "Kostnadsställe"');
    for (let o = 0; o < objects; o++) head.push(`#OBJEKT 1 "${objectOf(o)}" "Kostnadsställe ${o + 1}"`);
  }
  head.push("#IB 0 1930 100000.00", "#IB 0 2081 -100000.00");
  for (const [a, ore] of [...bal].sort()) head.push(`${a < "3000" ? "#UB" : "#RES"} 0 ${a} ${amt(ore)}`);
  return cp437([...head, ...body, ""].join("\r\n"));
}
