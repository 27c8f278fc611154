// The OpenAPI summaries and descriptions of the routes in routes.ts.

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  me: {
    summary: "The signed-in person",
  },
  listKeys: {
    summary: "The person's API keys (never the keys themselves)",
  },
  createKey: {
    summary: "Create an API key (shown only in this answer); a live key needs X-Service-MFA",
  },
  revokeKey: {
    summary: "Revoke one of the person's API keys at once",
  },
  listSessions: {
    summary: "The person's signed-in sessions",
  },
  revokeSession: {
    summary: "Sign a session out at once",
  },
  enrolMfa: {
    summary: "Enrol an authenticator app (TOTP); replacing one needs X-Service-MFA",
  },
  listPasskeys: {
    summary: "The person's passkeys",
  },
  passkeyOptions: {
    summary: "Start registering a passkey: WebAuthn creation options with a challenge kept by the service",
  },
  registerPasskey: {
    summary: "Register a passkey: the browser's answer to the challenge",
  },
  deletePasskey: {
    summary: "Remove a passkey",
  },
  listGrants: {
    summary: "The apps the person has granted access (OAuth)",
  },
  revokeGrant: {
    summary: "Revoke an app's access: its access and refresh tokens stop at once",
  },
};
