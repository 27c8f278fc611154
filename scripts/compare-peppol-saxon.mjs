// One-off check, not part of the build or the tests: the findings of src/formats/peppol
// against SaxonJS running the official XSLT on the same documents (same ids and flags).
// SaxonJS's licence is not open source, so it is never a dependency; run it in a scratch dir:
//
//   mkdir /tmp/saxon && cd /tmp/saxon && npm init -y && npm install xslt3
//   npx xslt3 -xsl:../../work/shared/data/peppol/validation/CEN-EN16931-UBL.xslt -export:cen.sef.json -nogo
//   npx xslt3 -xsl:.../PEPPOL-EN16931-UBL.xslt -export:peppol.sef.json -nogo
//   npx esbuild <repo>/src/formats/peppol/index.ts --bundle --platform=node --main-fields=module,main \
//     --format=esm --outfile=/tmp/saxon/pv.mjs
//   cp <repo>/scripts/compare-peppol-saxon.mjs /tmp/saxon/ && node /tmp/saxon/compare-peppol-saxon.mjs a.xml b.xml ...
import { readFileSync } from "node:fs";
import SaxonJS from "saxon-js";
import { validatePeppol } from "./pv.mjs";

const here = new URL(".", import.meta.url).pathname;
const SEFS = ["cen.sef.json", "peppol.sef.json"];

/** "flag id" of every svrl:failed-assert SaxonJS reports. */
function saxonFindings(xml) {
  const out = [];
  for (const sef of SEFS) {
    const r = SaxonJS.transform(
      { stylesheetFileName: `${here}${sef}`, sourceText: xml, destination: "serialized" },
      "sync",
    );
    for (const m of r.principalResult.matchAll(/<svrl:failed-assert[^>]*>/g)) {
      out.push(`${/flag="([^"]*)"/.exec(m[0])[1]} ${/id="([^"]*)"/.exec(m[0])[1]}`);
    }
  }
  return out.sort();
}

function ourFindings(xml) {
  const r = validatePeppol(xml);
  return [...r.fatal, ...r.warnings].map((f) => `${f.flag} ${f.id}`).sort();
}

let agree = 0;
const files = process.argv.slice(2);
for (const file of files) {
  const xml = readFileSync(file, "utf8");
  const a = saxonFindings(xml);
  const b = ourFindings(xml);
  const same = JSON.stringify(a) === JSON.stringify(b);
  if (same) agree++;
  const diff = { onlySaxon: a.filter((x) => !b.includes(x)), onlyOurs: b.filter((x) => !a.includes(x)) };
  console.log(same ? "AGREE" : "DIFFER", file, `saxon=${a.length} ours=${b.length}`, same ? "" : JSON.stringify(diff));
}
console.log(`${agree}/${files.length} agree`);
