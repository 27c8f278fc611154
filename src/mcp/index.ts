// MCP at /mcp: the API's operations as tools for AI agents (Streamable HTTP, bearer key).
// Owns no tables: every tool call is a request to the API itself.
export { registerMcpRoutes } from "./routes";
