// npm run test:browser: the service's own pages in a real browser (issue 47), not part of npm test.
// Starts the service (scripts/start.mjs) on PORT (default 8797) with PUBLIC_BASE_URL http://localhost:PORT
// (WebAuthn refuses an IP address as its relying party), then drives Debian's headless Chromium
// (/usr/bin/chromium; CHROMIUM_PATH overrides) with playwright-core:
//   1. a new person signs in by the one-time link (development mode shows it: no mail API locally),
//      registers a passkey on a virtual WebAuthn authenticator (CDP WebAuthn.addVirtualAuthenticator),
//      signs out and signs in again with the passkey;
//   2. creates a sandbox company, a test key (shown once) and revokes it;
//   3. an MCP client (the SDK's, with its OAuth provider) connects to /mcp: discovery, dynamic
//      registration, the consent page in the browser (one company ticked), the code with PKCE,
//      then a tool call on the granted company, and a refusal on the other.
// Every page is screenshotted into test-results/browser/ (look at them).
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { chromium } from "playwright-core";
import { projectRoot } from "./node.mjs";

const port = process.env.PORT ?? "8797";
const base = `http://localhost:${port}`;
const shots = join(projectRoot, "test-results", "browser");
mkdirSync(shots, { recursive: true });
let shot = 0;

function check(condition, what) {
  if (!condition) throw new Error(`browser test: ${what}`);
  console.log(`ok  ${what}`);
}

async function healthy() {
  try {
    return (await fetch(`${base}/api/v1/health`)).ok;
  } catch {
    return false;
  }
}

// a service already answering on PORT is used as it is (npm start in another terminal, with
// PUBLIC_BASE_URL=http://localhost:PORT); otherwise one is started here and stopped at the end
let server = null;
let serverLog = "";
if (!(await healthy())) {
  server = spawn(process.execPath, [join(projectRoot, "scripts", "start.mjs")], {
    cwd: projectRoot,
    env: { ...process.env, PORT: port, PUBLIC_BASE_URL: base },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout.on("data", (d) => (serverLog += d));
  server.stderr.on("data", (d) => (serverLog += d));
  // the first start applies every migration to four local databases: minutes on a slow machine
  for (let i = 0; i < 600 && !(await healthy()); i++) await new Promise((r) => setTimeout(r, 1000));
}
const stopServer = () => server?.kill("SIGINT");
if (!(await healthy())) {
  console.error(serverLog.slice(-3000));
  stopServer();
  throw new Error("the service did not start");
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

try {
  const context = await browser.newContext({ locale: "sv-SE", viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  const snap = async (name) => {
    await page.screenshot({ path: join(shots, `${String(++shot).padStart(2, "0")}-${name}.png`), fullPage: true });
  };
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  // 1. sign-in by link, then a passkey
  const email = `anna.${Date.now()}@example.se`;
  await page.goto(`${base}/`);
  check(page.url().startsWith(`${base}/sign-in`), "the address leads a stranger to sign-in");
  await snap("sign-in");
  await page.getByLabel("E-postadress").fill(email);
  await page.getByLabel(/Namn/).fill("Anna Andersson");
  await page.getByRole("button", { name: "Skicka länk" }).click();
  await snap("check-email");
  await page.locator("#dev-link").click();
  await snap("use-link");
  await page.getByRole("button", { name: /Fortsätt/ }).click();
  check(page.url() === `${base}/dashboard`, "the link signs the new person in");
  await snap("dashboard-empty");

  await page.goto(`${base}/dashboard/security`);
  // the page reloads once the passkey is registered: wait for that load before the next click
  await Promise.all([
    page.waitForEvent("load", { timeout: 15_000 }),
    page.getByRole("button", { name: "Lägg till passkey" }).click(),
  ]);
  const passkeyRows = await page.locator("table").first().locator("tbody tr").count();
  check(passkeyRows === 1, `a passkey is registered on the virtual authenticator (${passkeyRows})`);
  await page.getByRole("button", { name: "Registrera autentiseringsapp" }).click();
  check(await page.locator(".qr svg").isVisible(), "TOTP enrolment shows a QR code");
  await snap("security");

  await page.getByRole("button", { name: "Logga ut" }).first().click();
  check(page.url().startsWith(`${base}/sign-in`), "signed out");
  await page.getByRole("button", { name: "Logga in med passkey" }).click();
  await page.waitForURL(`${base}/dashboard`, { timeout: 10_000 });
  check(true, "signed in again with the passkey alone");

  // 2. a company, a key shown once, revoked
  await page.getByLabel("Namn", { exact: true }).fill("Webbläsarbolaget AB");
  await page.getByLabel("Sandlåda", { exact: true }).check();
  await page.getByRole("button", { name: "Skapa företaget" }).click();
  await page.waitForURL(/\/dashboard\/companies\//);
  const granted = page.url().split("/").pop();
  await snap("company");
  await page.goto(`${base}/dashboard`);
  await page.getByRole("button", { name: /Skapa ett sandlådeföretag/ }).click();
  await page.waitForURL(/\/dashboard\/companies\//);
  const other = page.url().split("/").pop();
  await snap("sandbox-company");

  await page.goto(`${base}/dashboard/keys`);
  await page.getByLabel("Namn", { exact: true }).fill("Webbläsartest");
  await page.getByLabel("companies:read", { exact: true }).check();
  await page.getByRole("button", { name: "Skapa nyckeln" }).click();
  const key = (await page.locator("#new-key").textContent())?.trim();
  check(/^service_sk_test_/.test(key ?? ""), "a test key is shown once");
  await snap("key-created");
  const withKey = await fetch(`${base}/api/v1/companies/${granted}`, { headers: { Authorization: `Bearer ${key}` } });
  check(withKey.status === 200, "the key reads the company");
  await page.goto(`${base}/dashboard/keys`);
  await page.getByRole("button", { name: "Spärra" }).click();
  await snap("key-revoked");
  const revoked = await fetch(`${base}/api/v1/companies/${granted}`, { headers: { Authorization: `Bearer ${key}` } });
  check(revoked.status === 401, "the revoked key is refused");

  // 3. an MCP client by OAuth: discovery, registration, consent in the browser, PKCE
  const redirectUrl = "http://127.0.0.1:53682/callback";
  let codeFromRedirect = null;
  await page.route("http://127.0.0.1:53682/**", async (route) => {
    codeFromRedirect = new URL(route.request().url()).searchParams.get("code");
    await route.fulfill({ status: 200, contentType: "text/plain", body: "ok" });
  });
  const store = {};
  const provider = {
    get redirectUrl() {
      return redirectUrl;
    },
    get clientMetadata() {
      return {
        client_name: "MCP browser test",
        redirect_uris: [redirectUrl],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
      };
    },
    clientInformation: () => store.client,
    saveClientInformation: (c) => (store.client = c),
    tokens: () => store.tokens,
    saveTokens: (t) => (store.tokens = t),
    saveCodeVerifier: (v) => (store.verifier = v),
    codeVerifier: () => store.verifier,
    redirectToAuthorization: async (url) => {
      await page.goto(url.toString());
      await snap("consent");
      await page.getByLabel(/Webbläsarbolaget AB/).check();
      // the consent redirects to the client's loopback address: the request is what matters
      const callback = page.waitForRequest((r) => r.url().startsWith(redirectUrl), { timeout: 15_000 });
      await page.getByRole("button", { name: "Tillåt" }).click();
      codeFromRedirect = new URL((await callback).url()).searchParams.get("code");
    },
  };
  const connect = async () => {
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: provider });
    const client = new Client({ name: "browser-test", version: "1.0.0" });
    try {
      await client.connect(transport);
      return client;
    } catch (err) {
      if (!(err instanceof UnauthorizedError)) throw err;
      check(!!codeFromRedirect, "consent redirected to the client with a code");
      await transport.finishAuth(codeFromRedirect);
      const again = new Client({ name: "browser-test", version: "1.0.0" });
      await again.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: provider }));
      return again;
    }
  };
  const client = await connect();
  check(/^service_at_/.test(store.tokens?.access_token ?? ""), "the MCP client holds an access token, no pasted key");
  const ok = await client.callTool({ name: "get_companies_company_id", arguments: { companyId: granted } });
  check(
    !ok.isError && JSON.stringify(ok.content).includes("Webbläsarbolaget AB"),
    "a tool call on the granted company",
  );
  const refused = await client.callTool({ name: "get_companies_company_id", arguments: { companyId: other } });
  check(refused.isError && JSON.stringify(refused.content).includes("NOT_FOUND"), "refused on a company not granted");
  await client.close();

  await page.goto(`${base}/dashboard/security?lang=en`);
  check(await page.getByText("MCP browser test").isVisible(), "the dashboard lists the granted app");
  await snap("security-en-apps");
  await page.getByRole("button", { name: "Revoke" }).click();
  const after = await fetch(`${base}/api/v1/companies/${granted}`, {
    headers: { Authorization: `Bearer ${store.tokens.access_token}` },
  });
  check(after.status === 401, "revoking the app stops its token");
  await page.goto(`${base}/dashboard?lang=en`);
  await snap("dashboard-en");
  console.log(`screenshots: ${shots}`);
} catch (err) {
  console.error(err);
  console.error(serverLog.slice(-3000));
  process.exitCode = 1;
} finally {
  await browser.close();
  stopServer();
}
