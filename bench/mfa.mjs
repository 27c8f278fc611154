// Live API keys need their user's two-step verification (docs/platform.md): the benchmarks
// enrol the bench user's authenticator once and send its current TOTP code (RFC 6238,
// HMAC-SHA1, 6 digits, 30 s) when they create a live key, as the dashboard would.
import { createHmac } from "node:crypto";
import { BENCH_ADMIN_TOKEN } from "./service.mjs";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const secrets = new Map();
/** The last time step whose code each user sent: the service accepts a step once (RFC 6238 §5.2). */
const usedSteps = new Map();

function base32Decode(text) {
  const out = [];
  let bits = 0;
  let value = 0;
  for (const ch of text) {
    value = ((value << 5) | BASE32.indexOf(ch)) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/**
 * A code of a step the user has not used: the current one, else the next (the service accepts
 * one step ahead), else the bench waits for the next step as a user would.
 */
async function unusedCode(userId) {
  let step = Math.floor(Date.now() / 30_000);
  const last = usedSteps.get(userId) ?? -1;
  if (last > step) {
    await new Promise((r) => setTimeout(r, last * 30_000 - Date.now() + 50));
    step = Math.floor(Date.now() / 30_000);
  }
  if (last >= step) step = last + 1;
  usedSteps.set(userId, step);
  return totpAt(secrets.get(userId), step);
}

function totpAt(secret, step) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", secret).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

async function admin(base, path, body, headers = {}) {
  const res = await fetch(base + path, {
    method: "POST",
    headers: { Authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body ?? {}),
  });
  const json = await res.json();
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Creates a live key for `userId` (enrolling the user's authenticator first, once): the key's row as the API returns it. */
export async function createLiveKey(base, userId, body) {
  if (!secrets.has(userId))
    secrets.set(userId, base32Decode((await admin(base, `/admin/v1/users/${userId}/mfa`)).secret));
  return admin(
    base,
    "/admin/v1/api-keys",
    { ...body, user_id: userId, mode: "live" },
    { "X-Service-MFA": await unusedCode(userId) },
  );
}
