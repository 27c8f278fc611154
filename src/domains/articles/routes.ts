import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { finishPage, pageRequest } from "../../http/pagination";
import { booleanQuery, defineRoute, type HandlerContext } from "../../http/route";
import { ArticleInputSchema, ArticlePatchSchema } from "./schemas";
import { articleJson, listArticles, loadArticle } from "./commands";
import { commandRoute, handled, on, registerRoutes, roomAccess } from "../../http/route-table";

const TAG = "Articles";
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

const { read, write } = roomAccess(TAG, "invoices:read", "invoices:write");

const listArticlesRoute = defineRoute({
  ...on.get(read, BASE, DOCS.listArticles),
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
    (a) => ({ k: a.createdAt, i: a.id }),
  );
  return json(c, items.map(articleJson), 200, { next_cursor: nextCursor });
}

const getArticleRoute = defineRoute({
  ...on.get(read, `${BASE}/{id}`, DOCS.getArticle),
  response: ArticleSchema,
});

async function getArticle(c: HandlerContext<typeof getArticleRoute>) {
  return json(c, articleJson(await loadArticle(database(c.env), c.get("company").id, c.req.valid("param").id)));
}

const createArticle = commandRoute("articles.create", "body", {
  ...on.post(write, BASE, DOCS.createArticle),
  body: ArticleInputSchema,
  response: ArticleSchema,
  status: 201,
});

const updateArticle = commandRoute("articles.update", "body+id", {
  ...on.patch(write, `${BASE}/{id}`, DOCS.updateArticle),
  body: ArticlePatchSchema,
  response: ArticleSchema,
});

const archiveArticle = commandRoute("articles.archive", "id", {
  ...on.delete(write, `${BASE}/{id}`, DOCS.archiveArticle),
  response: null,
  status: 204,
});

export function registerArticleRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(listArticlesRoute, listArticlesPage),
    handled(getArticleRoute, getArticle),
    createArticle,
    updateArticle,
    archiveArticle,
  ]);
}
