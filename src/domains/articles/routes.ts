import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { byCreated, finishPage, pageRequest } from "../../http/pagination";
import { booleanQuery, defineRoute, type HandlerContext } from "../../http/route";
import { ArticleInputSchema, ArticlePatchSchema } from "./schemas";
import { articleJson, listArticles, loadArticle } from "./commands";
import { companyRoom, handled, on, registerRoutes } from "../../http/route-table";

const BASE = "/api/v1/companies/{companyId}/articles";

const ArticleSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    name: z.string(),
    unit: z.string(),
    default_price: z.number(),
    vat_rate: z.number(),
    revenue_account: z.string(),
    supply_type: z.enum(["goods", "services"]),
    archived_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Article");

const room = companyRoom({
  path: BASE,
  tag: "Articles",
  read: "invoices:read",
  write: "invoices:write",
});

const listArticlesRoute = defineRoute({
  ...on.get(room.read, BASE, DOCS.listArticles),
  query: z.object({
    include_archived: booleanQuery.optional(),
    search: z.string().min(1).max(100).optional(),
    cursor: z.string().optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  }),
  response: z.array(ArticleSchema),
});

async function listArticlesPage(c: HandlerContext<typeof listArticlesRoute>) {
  const q = c.req.valid("query");
  const companyId = c.get("company").id;
  const page = await pageRequest(c, `articles:${companyId}:${q.include_archived}:${q.search}`, q.cursor, q.limit);
  const { items, nextCursor } = await finishPage(
    c,
    page,
    await listArticles(database(c.env), companyId, q, page),
    byCreated,
  );
  return json(c, items.map(articleJson), 200, { next_cursor: nextCursor });
}

const getArticleRoute = room.get(DOCS.getArticle, ArticleSchema);

async function getArticle(c: HandlerContext<typeof getArticleRoute>) {
  return json(c, articleJson(await loadArticle(database(c.env), c.get("company").id, c.req.valid("param").id)));
}

const createArticle = room.create("articles.create", DOCS.createArticle, ArticleInputSchema, ArticleSchema);

const updateArticle = room.update("articles.update", DOCS.updateArticle, ArticlePatchSchema, ArticleSchema);

const archiveArticle = room.remove("articles.archive", DOCS.archiveArticle);

export function registerArticleRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(listArticlesRoute, listArticlesPage),
    handled(getArticleRoute, getArticle),
    createArticle,
    updateArticle,
    archiveArticle,
  ]);
}
