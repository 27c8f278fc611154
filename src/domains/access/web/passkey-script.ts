// The one script of the pages (served at /assets/passkey.js): the WebAuthn ceremonies of a button
// marked data-passkey="sign-in" or "register". The server keeps the challenge; the script only
// carries the browser's answer to it. CSRF: the page's token travels in X-CSRF-Token.
export const PASSKEY_SCRIPT = `(() => {
  const dec = (s) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4)), (c) => c.charCodeAt(0)).buffer;
  const enc = (b) => btoa(String.fromCharCode(...new Uint8Array(b))).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  const creds = (list) => (list || []).map((c) => ({ ...c, id: dec(c.id) }));
  async function post(url, csrf, body) {
    const headers = { "Content-Type": "application/json", "X-CSRF-Token": csrf };
    const res = await fetch(url, { method: "POST", headers, body: JSON.stringify(body || {}) });
    const json = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error((json.error && json.error.message) || res.statusText);
    return json;
  }
  async function signIn(btn) {
    const start = await post("/sign-in/passkey/options", btn.dataset.csrf);
    const o = start.options;
    const publicKey = { ...o, challenge: dec(o.challenge), allowCredentials: creds(o.allowCredentials) };
    const cred = await navigator.credentials.get({ publicKey });
    const r = cred.response;
    const response = { id: cred.id, rawId: enc(cred.rawId), type: cred.type, clientExtensionResults: cred.getClientExtensionResults(),
      response: { clientDataJSON: enc(r.clientDataJSON), authenticatorData: enc(r.authenticatorData), signature: enc(r.signature),
        userHandle: r.userHandle ? enc(r.userHandle) : undefined } };
    const done = await post("/sign-in/passkey", btn.dataset.csrf, { challenge_id: start.challenge_id, response, next: btn.dataset.next });
    location.assign(done.redirect);
  }
  async function register(btn) {
    const start = await post("/dashboard/passkeys/options", btn.dataset.csrf);
    const o = start.options;
    const user = { ...o.user, id: dec(o.user.id) };
    const publicKey = { ...o, challenge: dec(o.challenge), user, excludeCredentials: creds(o.excludeCredentials) };
    const cred = await navigator.credentials.create({ publicKey });
    const r = cred.response;
    const response = { id: cred.id, rawId: enc(cred.rawId), type: cred.type, clientExtensionResults: cred.getClientExtensionResults(),
      response: { clientDataJSON: enc(r.clientDataJSON), attestationObject: enc(r.attestationObject),
        transports: r.getTransports ? r.getTransports() : [] } };
    const name = document.getElementById("passkey-name");
    await post("/dashboard/passkeys", btn.dataset.csrf, { challenge_id: start.challenge_id, response, name: name ? name.value : "" });
    location.reload();
  }
  for (const btn of document.querySelectorAll("[data-passkey]")) {
    btn.addEventListener("click", async () => {
      const status = document.getElementById("passkey-status");
      btn.disabled = true;
      try {
        await (btn.dataset.passkey === "register" ? register(btn) : signIn(btn));
      } catch (e) {
        if (status) status.textContent = String(e && e.message || e);
      } finally {
        btn.disabled = false;
      }
    });
  }
})();
`;
