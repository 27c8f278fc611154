// The deployment's signing key for the verifiable ledger (issue #45, docs/verifiable-ledger.md,
// "Keys"): Ed25519 (RFC 8032) through WebCrypto, which workerd implements. A receipt (each
// write that posts) and a fiscal year's seal are signed over the UTF-8 bytes of their
// canonical JSON text (`payload`); the signature is base64url.
//
// The key is the secret LEDGER_SIGNING_KEY: a private JWK {"kty":"OKP","crv":"Ed25519",
// "d":..., "x":..., "kid":...}. Keys used before a rotation stay publishable through
// LEDGER_PUBLIC_KEYS (a JSON array of public JWKs with their kid), so old receipts and
// seals still verify. Without the secret (local development, tests) a fixed development
// key is used, published with "dev": true: anyone can sign with it, so it proves nothing.
import type { Env } from "../env";

/** The development key: public on purpose (docs/verifiable-ledger.md). Never trust "dev-1". */
const DEV_KEY = {
  kty: "OKP",
  crv: "Ed25519",
  x: "rkShE2d1Q4tfcCYJoSxdkT6ZaYKYaU70iwowyBAunSY",
  d: "PTUmhak7dy9FrgFaEUeTyv9_ZlKQ3ztYpBW6tTo8dh8",
  kid: "dev-1",
} as const;

export interface PublicKeyJwk {
  kty: "OKP";
  crv: "Ed25519";
  x: string;
  kid: string;
  use: "sig";
  alg: "EdDSA";
  /** the development key: signatures by it prove nothing */
  dev?: boolean;
  /** the key signs new receipts and seals (false: kept to verify older ones) */
  current: boolean;
}

interface Signer {
  kid: string;
  key: CryptoKey;
  dev: boolean;
  x: string;
}

let cached: { source: string; signer: Promise<Signer> } | null = null;

function privateJwk(env: Env): { kid: string; d: string; x: string; dev: boolean } {
  if (!env.LEDGER_SIGNING_KEY) return { ...DEV_KEY, dev: true };
  const jwk = JSON.parse(env.LEDGER_SIGNING_KEY) as { kid?: string; d?: string; x?: string; crv?: string };
  if (jwk.crv !== "Ed25519" || !jwk.d || !jwk.x || !jwk.kid)
    throw new Error("LEDGER_SIGNING_KEY must be an Ed25519 private JWK with kid, d and x");
  return { kid: jwk.kid, d: jwk.d, x: jwk.x, dev: false };
}

/** The current signer, imported once per isolate (per key). */
function signer(env: Env): Promise<Signer> {
  const source = env.LEDGER_SIGNING_KEY ?? "dev";
  if (cached?.source === source) return cached.signer;
  const jwk = privateJwk(env);
  const promise = crypto.subtle
    .importKey("jwk", { kty: "OKP", crv: "Ed25519", d: jwk.d, x: jwk.x }, { name: "Ed25519" }, false, ["sign"])
    .then((key) => ({ kid: jwk.kid, key, dev: jwk.dev, x: jwk.x }));
  cached = { source, signer: promise };
  return promise;
}

const B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** RFC 4648 §5 without padding, by table (a signature on every write that posts: no btoa and replaces). */
export function base64url(bytes: Uint8Array): string {
  let s = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    s += B64URL[n >> 18]! + B64URL[(n >> 12) & 63]! + B64URL[(n >> 6) & 63]! + B64URL[n & 63]!;
  }
  if (i < bytes.length) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8);
    s += B64URL[n >> 18]! + B64URL[(n >> 12) & 63]!;
    if (i + 1 < bytes.length) s += B64URL[(n >> 6) & 63]!;
  }
  return s;
}

const encoder = new TextEncoder();

/** Signs a canonical payload: the key's id and the base64url signature. */
export async function signPayload(env: Env, payload: string): Promise<{ key_id: string; signature: string }> {
  const s = await signer(env);
  const sig = new Uint8Array(await crypto.subtle.sign({ name: "Ed25519" }, s.key, encoder.encode(payload)));
  return { key_id: s.kid, signature: base64url(sig) };
}

/** Every public key a receipt or seal of this deployment may name: the current one first. */
export function publicKeys(env: Env): PublicKeyJwk[] {
  const current = privateJwk(env);
  const keys: PublicKeyJwk[] = [
    {
      kty: "OKP",
      crv: "Ed25519",
      x: current.x,
      kid: current.kid,
      use: "sig",
      alg: "EdDSA",
      current: true,
      ...(current.dev ? { dev: true } : {}),
    },
  ];
  const older = env.LEDGER_PUBLIC_KEYS ? (JSON.parse(env.LEDGER_PUBLIC_KEYS) as { x: string; kid: string }[]) : [];
  for (const k of older)
    if (k.kid !== current.kid)
      keys.push({ kty: "OKP", crv: "Ed25519", x: k.x, kid: k.kid, use: "sig", alg: "EdDSA", current: false });
  return keys;
}

/** A receipt's signed text: the company, the entries the write chained (first..last seq) and the last hash. */
export function receiptPayload(companyId: string, firstSeq: number, seq: number, hash: string): string {
  return JSON.stringify({ v: 1, type: "ledger_receipt", company_id: companyId, first_seq: firstSeq, seq, hash });
}

export interface Receipt {
  first_seq: number;
  chain_seq: number;
  chain_hash: string;
  key_id: string;
  signature: string;
}

export async function signReceipt(
  env: Env,
  companyId: string,
  firstSeq: number,
  seq: number,
  hash: string,
): Promise<Receipt> {
  const signed = await signPayload(env, receiptPayload(companyId, firstSeq, seq, hash));
  return { first_seq: firstSeq, chain_seq: seq, chain_hash: hash, ...signed };
}
