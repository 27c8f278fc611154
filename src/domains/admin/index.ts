// Admin: users, API keys and memberships, behind the admin token.
// Owns: users, api_keys, memberships.
export { registerAdminRoutes } from "./routes";
