// Runs in Node before the tests (vitest.config.ts, globalSetup): validates the ROT/RUT
// claim files against Skatteverket's XSD (schema V6, test/fixtures/rotrut, SHA-256 as in
// ../shared/data/rotrut/SOURCES.md) with xmllint-wasm, and hands the results to the tests.
//
// Why here and not in the test: every test runs inside workerd, and xmllint-wasm cannot
// run there. Its Node entry starts a worker_threads Worker; its browser entry starts a
// Web Worker and compiles xmllint.wasm from bytes at run time, and workerd has neither
// Workers nor run-time Wasm compilation ("Wasm code generation disallowed by embedder").
// So the validation runs in Node, on the files built from test/fixtures/rotrut/claim-files.ts,
// and test/unit/rot-rut-claim-file.test.ts builds the same files in workerd, checks they
// are byte for byte the ones validated, and asserts on the verdicts.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { validateXML } from "xmllint-wasm";
import { filesToValidate } from "./fixtures/rotrut/claim-files";

export interface XsdVerdict {
  xml: string;
  valid: boolean;
  /** schema validity errors (warnings about the schema's own metadata namespace left out) */
  errors: string[];
}

declare module "vitest" {
  export interface ProvidedContext {
    rotRutXsd: Record<string, XsdVerdict>;
  }
}

const dir = join(dirname(fileURLToPath(import.meta.url)), "fixtures", "rotrut");
const read = (path: string) => readFileSync(join(dir, path), "utf8").replace(/^\uFEFF/, "");

async function validate(xml: string): Promise<Omit<XsdVerdict, "xml">> {
  const result = await validateXML({
    xml: [{ fileName: "claim.xml", contents: xml }],
    // The layout of Skatteverket's schema store, so Begaran.xsd's import ../../komponent/V6/... resolves.
    schema: [{ fileName: "begaran/V6/Begaran.xsd", contents: read("begaran/V6/Begaran.xsd") }],
    preload: [{ fileName: "komponent/V6/BegaranCOMPONENT.xsd", contents: read("komponent/V6/BegaranCOMPONENT.xsd") }],
  });
  return {
    valid: result.valid,
    errors: result.errors.map((e) => e.message).filter((m) => /validity error|parser error/i.test(m)),
  };
}

export default async function setup(project: TestProject) {
  const files: Record<string, string> = {
    ...filesToValidate(),
    // Skatteverket's own examples: the validator must accept them as they are.
    "official exempel_rot_3st.xml": read("exempel_rot_3st.xml"),
    "official exempel_rut_3st.xml": read("exempel_rut_3st.xml"),
  };
  // A control the validator must refuse: our ROT file with a ten-digit buyer number.
  const rot = files["ROT 2026"];
  files["control: ten-digit Kopare"] = rot.replace(
    /<ns2:Kopare>\d\d(\d{10})<\/ns2:Kopare>/,
    "<ns2:Kopare>$1</ns2:Kopare>",
  );
  const verdicts: Record<string, XsdVerdict> = {};
  for (const [name, xml] of Object.entries(files)) verdicts[name] = { xml, ...(await validate(xml)) };
  project.provide("rotRutXsd", verdicts);
}
