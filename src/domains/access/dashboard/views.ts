// The dashboard's pages as HTML (src/domains/access/web/html.ts): plain tables and labelled forms.
import { renderSVG } from "uqr";
import { ENTITY_TYPES } from "../../companies";
import { SUBSCRIBABLE_EVENTS } from "../../webhooks";
import { API_SCOPES } from "../scopes";
import { Html, html } from "../web/html";
import type { PageContext } from "../web/render";

const hidden = (p: PageContext) => html`<input type="hidden" name="csrf" value="${p.csrf}">`;

function postButton(p: PageContext, action: string, label: string, danger = false) {
  return html`<form class="inline" method="post" action="${action}">${hidden(p)}
    <button type="submit" class="${danger ? "danger" : "secondary"}">${label}</button></form>`;
}

// biome-ignore lint/suspicious/noExplicitAny: rows as the API answered them
type Row = any;

export function companiesView(p: PageContext, live: Row[], sandbox: Row[]) {
  const { tr } = p;
  const table = (rows: Row[]) =>
    rows.length
      ? html`<table><thead><tr><th scope="col">${tr("Namn", "Name")}</th><th scope="col">${tr("Org.nr", "Org. no.")}</th>
          <th scope="col">${tr("Din roll", "Your role")}</th></tr></thead><tbody>${rows.map(
            (r) =>
              html`<tr><td><a href="/dashboard/companies/${r.id}">${r.name}</a></td><td>${r.org_number ?? "–"}</td><td>${r.role}</td></tr>`,
          )}</tbody></table>`
      : html`<p class="muted">${tr("Inga än.", "None yet.")}</p>`;
  return html`<h2>${tr("Skarpa företag", "Live companies")}</h2>${table(live)}
    <h2>${tr("Sandlådeföretag", "Sandbox companies")}</h2>${table(sandbox)}
    ${postButton(p, "/dashboard/sandbox", tr("Skapa ett sandlådeföretag med exempeldata", "Create a sandbox company with sample data"))}
    <h2>${tr("Skapa ett företag", "Create a company")}</h2>
    <form method="post" action="/dashboard/companies">${hidden(p)}
      <label for="c-name">${tr("Namn", "Name")}</label><input id="c-name" name="name" required maxlength="200">
      <label for="c-type">${tr("Företagsform", "Legal form")}</label>
      <select id="c-type" name="entity_type">${ENTITY_TYPES.map((t) => html`<option value="${t}">${t}</option>`)}</select>
      <label for="c-org">${tr("Organisationsnummer", "Organisation number")}</label><input id="c-org" name="org_number" placeholder="556016-0680">
      <label for="c-moms">${tr("Momsperiod (tom: inte momsregistrerad)", "VAT period (empty: not VAT registered)")}</label>
      <select id="c-moms" name="moms_period"><option value="">–</option><option value="monthly">${tr("månad", "monthly")}</option>
        <option value="quarterly">${tr("kvartal", "quarterly")}</option><option value="yearly">${tr("år", "yearly")}</option></select>
      <fieldset class="checks"><legend>F-skatt</legend>
        <label><input type="radio" name="f_skatt" value="true" checked> ${tr("Ja", "Yes")}</label>
        <label><input type="radio" name="f_skatt" value="false"> ${tr("Nej", "No")}</label></fieldset>
      <fieldset class="checks"><legend>${tr("Skarpt eller sandlåda", "Live or sandbox")}</legend>
        <label><input type="radio" name="kind" value="live" checked> ${tr("Skarpt", "Live")}</label>
        <label><input type="radio" name="kind" value="sandbox"> ${tr("Sandlåda", "Sandbox")}</label></fieldset>
      <p><button type="submit">${tr("Skapa företaget", "Create the company")}</button></p>
    </form>`;
}

export function keysView(p: PageContext, keys: Row[], created: Row | null, mfaEnrolled: boolean) {
  const { tr } = p;
  const shown = created
    ? html`<div class="notice" role="status"><p><strong>${tr("Din nya nyckel, visas bara nu:", "Your new key, shown only now:")}</strong></p>
        <p class="secret" id="new-key">${created.key}</p></div>`
    : "";
  const rows = keys.map(
    (
      k,
    ) => html`<tr><td>${k.name}</td><td><code>${k.key_prefix}…</code></td><td>${k.mode}</td><td>${k.scopes.join(", ")}</td>
      <td>${k.unattended_commit_limit ?? "–"}</td>
        <td>${k.revoked_at ? tr("Spärrad", "Revoked") : postButton(p, `/dashboard/keys/${k.id}/revoke`, tr("Spärra", "Revoke"), true)}</td></tr>`,
  );
  return html`${shown}
    <table><thead><tr><th scope="col">${tr("Namn", "Name")}</th><th scope="col">${tr("Början", "Prefix")}</th>
      <th scope="col">${tr("Läge", "Mode")}</th>
      <th scope="col">${tr("Behörigheter", "Scopes")}</th><th scope="col">${tr("Gräns utan tillsyn (kr)", "Unattended limit (SEK)")}</th>
        <th scope="col"></th></tr></thead>
      <tbody>${rows.length ? rows : html`<tr><td colspan="6" class="muted">${tr("Inga nycklar än.", "No keys yet.")}</td></tr>`}</tbody></table>
    <h2>${tr("Skapa en nyckel", "Create a key")}</h2>
    <form method="post" action="/dashboard/keys">${hidden(p)}
      <label for="k-name">${tr("Namn", "Name")}</label><input id="k-name" name="name" required maxlength="200">
      <fieldset class="checks"><legend>${tr("Läge", "Mode")}</legend>
        <label><input type="radio" name="mode" value="test" checked> ${tr("Test (sandlådor)", "Test (sandboxes)")}</label>
        <label><input type="radio" name="mode" value="live"> ${tr(
          "Skarp (kräver kod från autentiseringsappen)",
          "Live (needs an authenticator code)",
        )}</label></fieldset>
      <fieldset class="checks"><legend>${tr("Behörigheter", "Scopes")}</legend>
        <label><input type="checkbox" name="scopes" value="*"> ${tr("alla", "all")} (*)</label>
        ${API_SCOPES.map((s) => html`<label><input type="checkbox" name="scopes" value="${s}"> ${s}</label>`)}</fieldset>
      <label for="k-limit">${tr("Gräns för bokföring utan tillsyn, kr (valfri)", "Unattended commit limit, SEK (optional)")}</label>
      <input id="k-limit" name="unattended_commit_limit" type="number" min="0.01" step="0.01">
      <label for="k-mfa">${tr("Kod från autentiseringsappen (för skarp nyckel)", "Authenticator code (for a live key)")}</label>
      <input id="k-mfa" name="mfa" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}">
      ${
        mfaEnrolled
          ? ""
          : html`<p class="muted">${tr(
              "Registrera en autentiseringsapp under Säkerhet för att skapa skarpa nycklar.",
              "Enrol an authenticator app under Security to create live keys.",
            )}</p>`
      }
      <p><button type="submit">${tr("Skapa nyckeln", "Create the key")}</button></p>
    </form>`;
}

export function securityView(
  p: PageContext,
  d: { me: Row; passkeys: Row[]; sessions: Row[]; grants: Row[]; enrolled: Row | null; companies: Map<string, string> },
) {
  const { tr } = p;
  const totp = d.enrolled
    ? html`<div class="notice" role="status">
      <p>${tr("Skanna koden med din autentiseringsapp, eller skriv in nyckeln:", "Scan the code with your authenticator app, or type the key:")}</p>
        <div class="qr" role="img" aria-label="${tr("QR-kod för autentiseringsappen", "QR code for the authenticator app")}">
          ${new Html(renderSVG(d.enrolled.otpauth_uri, { border: 2 }))}</div>
        <p class="secret" id="totp-secret">${d.enrolled.secret}</p></div>`
    : html`<p>${
        d.me.mfa_enrolled
          ? tr("En autentiseringsapp är registrerad.", "An authenticator app is enrolled.")
          : tr("Ingen autentiseringsapp är registrerad.", "No authenticator app is enrolled.")
      }</p>
      <form method="post" action="/dashboard/mfa">${hidden(p)}
        ${
          d.me.mfa_enrolled
            ? html`<label for="m-code">${tr("Nuvarande kod (för att byta app)", "Current code (to replace the app)")}</label>
          <input id="m-code" name="mfa" inputmode="numeric" pattern="[0-9]{6}" required>`
            : ""
        }
        <p><button type="submit">${
          d.me.mfa_enrolled
            ? tr("Byt autentiseringsapp", "Replace the authenticator app")
            : tr("Registrera autentiseringsapp", "Enrol an authenticator app")
        }</button></p></form>`;
  const companyNames = (ids: string[]) => ids.map((id) => d.companies.get(id) ?? id).join(", ");
  return html`<h2>${tr("Autentiseringsapp (TOTP)", "Authenticator app (TOTP)")}</h2>${totp}
    <h2>${tr("Passkeys", "Passkeys")}</h2>
    <table><thead><tr><th scope="col">${tr("Namn", "Name")}</th><th scope="col">${tr("Skapad", "Created")}</th>
      <th scope="col">${tr("Senast använd", "Last used")}</th><th scope="col"></th></tr></thead>
      <tbody>${d.passkeys.map(
        (k) => html`<tr><td>${k.name}</td><td>${k.created_at.slice(0, 16).replace("T", " ")}</td>
          <td>${k.last_used_at?.slice(0, 16).replace("T", " ") ?? "–"}</td>
        <td>${postButton(p, `/dashboard/passkeys/${encodeURIComponent(k.id)}/delete`, tr("Ta bort", "Remove"), true)}</td></tr>`,
      )}</tbody></table>
    <label for="passkey-name">${tr("Namn på ny passkey", "Name of a new passkey")}</label><input id="passkey-name" maxlength="100" value="passkey">
    <p><button type="button" data-passkey="register" data-csrf="${p.csrf}">${tr("Lägg till passkey", "Add a passkey")}</button></p>
    <p id="passkey-status" role="status" aria-live="polite"></p><script src="/assets/passkey.js" defer></script>
    <h2>${tr("Inloggade sessioner", "Signed-in sessions")}</h2>
    <table><thead><tr><th scope="col">${tr("Webbläsare", "Browser")}</th><th scope="col">${tr("Inloggad", "Signed in")}</th>
      <th scope="col">${tr("Går ut", "Expires")}</th><th scope="col"></th></tr></thead>
      <tbody>${d.sessions.map(
        (
          s,
        ) => html`<tr><td>${s.name.replace(/^session: /, "")}${s.current ? html` <strong>(${tr("denna", "this one")})</strong>` : ""}</td>
        <td>${s.created_at.slice(0, 16).replace("T", " ")}</td><td>${s.expires_at.slice(0, 16).replace("T", " ")}</td>
          <td>${postButton(p, `/dashboard/sessions/${s.id}/revoke`, tr("Logga ut", "Sign out"), true)}</td></tr>`,
      )}</tbody></table>
    <h2>${tr("Appar med åtkomst (OAuth)", "Apps with access (OAuth)")}</h2>
    ${
      d.grants.length
        ? html`<table><thead><tr><th scope="col">${tr("App", "App")}</th><th scope="col">${tr("Företag", "Companies")}</th>
          <th scope="col">${tr("Behörigheter", "Scopes")}</th><th scope="col"></th></tr></thead>
      <tbody>${d.grants.map(
        (
          g,
        ) => html`<tr><td>${g.client_name}</td><td>${companyNames(g.company_ids)}</td><td>${g.scopes.length} ${tr("st", "scopes")}</td>
        <td>${postButton(p, `/dashboard/grants/${g.id}/revoke`, tr("Återkalla", "Revoke"), true)}</td></tr>`,
      )}</tbody></table>`
        : html`<p class="muted">${tr("Inga appar.", "No apps.")}</p>`
    }`;
}

export function companyView(
  p: PageContext,
  d: { company: Row; members: Row[]; webhooks: Row[]; secret: Row | null; me: string },
) {
  const { tr } = p;
  const c = d.company;
  const manager = c.role === "owner" || c.role === "admin";
  const base = `/dashboard/companies/${c.id}`;
  const members = d.members.map(
    (m) =>
      html`<tr><td>${m.name}</td><td>${m.email}</td><td>${
        manager && m.user_id !== d.me
          ? html`<form class="inline" method="post" action="${base}/members/${m.user_id}">${hidden(p)}
        <label class="muted" for="role-${m.user_id}" style="display:inline;font-weight:400">${tr("Roll", "Role")}</label>
        <select id="role-${m.user_id}" name="role">${["owner", "admin", "member", "viewer"].map(
          (r) => html`<option value="${r}" ${r === m.role ? "selected" : ""}>${r}</option>`,
        )}</select>
        <button type="submit" class="secondary">${tr("Spara", "Save")}</button>
          </form> ${postButton(p, `${base}/members/${m.user_id}/remove`, tr("Ta bort", "Remove"), true)}`
          : m.role
      }</td></tr>`,
  );
  const facts = [
    c.org_number,
    c.entity_type,
    `${tr("din roll", "your role")}: ${c.role}`,
    c.sandbox ? tr("sandlåda", "sandbox") : null,
  ];
  return html`<p>${facts.filter(Boolean).join(" · ")}</p>
    ${
      c.sandbox && manager
        ? postButton(
            p,
            `${base}/sandbox/reset`,
            tr(
              "Återställ sandlådan (nytt företag med ny exempeldata)",
              "Reset the sandbox (a new company with fresh sample data)",
            ),
            true,
          )
        : ""
    }
    <h2>${tr("Medlemmar och roller", "Members and roles")}</h2>
    <table><thead><tr><th scope="col">${tr("Namn", "Name")}</th><th scope="col">${tr("E-post", "Email")}</th>
      <th scope="col">${tr("Roll", "Role")}</th></tr></thead><tbody>${members}</tbody></table>
    <h2>Webhooks</h2>
    ${
      d.secret
        ? html`<div class="notice" role="status"><p>
      <strong>${tr("Signeringshemlighet, visas bara nu:", "Signing secret, shown only now:")}</strong></p>
        <p class="secret">${d.secret.secret}</p></div>`
        : ""
    }
    <table><thead><tr><th scope="col">${tr("Namn", "Name")}</th><th scope="col">${tr("Händelse", "Event")}</th><th scope="col">URL</th>
      <th scope="col">${tr("Aktiv", "Active")}</th></tr></thead>
      <tbody>${d.webhooks.length ? "" : html`<tr><td colspan="4" class="muted">${tr("Inga än.", "None yet.")}</td></tr>`}${d.webhooks.map(
        (w) => html`<tr><td><a href="${base}/webhooks/${w.id}">${w.name}</a></td><td>${w.event_type}</td>
        <td>${w.webhook_url}</td><td>${w.active ? tr("ja", "yes") : tr("nej", "no")}</td></tr>`,
      )}</tbody></table>
    ${
      manager || c.role === "member"
        ? html`<h3>${tr("Ny webhook", "New webhook")}</h3>
    <form method="post" action="${base}/webhooks">${hidden(p)}
      <label for="w-name">${tr("Namn", "Name")}</label><input id="w-name" name="name" required maxlength="200">
      <label for="w-event">${tr("Händelse", "Event")}</label>
        <select id="w-event" name="event_type">${SUBSCRIBABLE_EVENTS.map((e) => html`<option>${e}</option>`)}</select>
      <label for="w-url">${tr("Mottagarens adress (https)", "Receiver address (https)")}</label>
        <input id="w-url" name="webhook_url" type="url" required>
      <p><button type="submit">${tr("Skapa webhook", "Create the webhook")}</button></p></form>`
        : ""
    }`;
}

export function deliveriesView(p: PageContext, companyId: string, webhook: Row, deliveries: Row[]) {
  const { tr } = p;
  return html`<p><a href="/dashboard/companies/${companyId}">${tr("Tillbaka till företaget", "Back to the company")}</a></p>
    <p>${webhook.event_type} → <code>${webhook.webhook_url}</code></p>
    <h2>${tr("Leveranser", "Deliveries")}</h2>
    <table><thead><tr><th scope="col">${tr("Händelse", "Event")}</th><th scope="col">${tr("Status", "Status")}</th>
      <th scope="col">${tr("Försök", "Attempts")}</th>
      <th scope="col">${tr("Skapad", "Created")}</th><th scope="col"></th></tr></thead>
      <tbody>${deliveries.map(
        (
          d,
        ) => html`<tr><td>${d.event_type ?? ""}</td><td>${d.status}</td><td>${d.attempts ?? d.attempt_count ?? ""}</td>
          <td>${String(d.created_at ?? "")
            .slice(0, 16)
            .replace("T", " ")}</td>
        <td>${
          d.status === "dead" || d.status === "delivered"
            ? postButton(
                p,
                `/dashboard/companies/${companyId}/deliveries/${d.id}/retry?webhook=${webhook.id}`,
                tr("Skicka igen", "Retry"),
              )
            : ""
        }</td></tr>`,
      )}</tbody></table>
    ${deliveries.length ? "" : html`<p class="muted">${tr("Inga leveranser än.", "No deliveries yet.")}</p>`}
    <form class="inline" method="post" action="/dashboard/companies/${companyId}/webhooks/${webhook.id}/test">
      <input type="hidden" name="csrf" value="${p.csrf}">
      <button type="submit" class="secondary">${tr("Skicka en testhändelse", "Send a test event")}</button></form>`;
}
