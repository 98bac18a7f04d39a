// The statements `npm run bench:search` runs through the bare `pg` driver beside the API
// (docs/bench/search.md). LIST_SQL is, character for character, the text searchProjects
// sends for the newest open page (apps/server/test/search-bench-sql.test.ts compares them).
import { createHash } from 'node:crypto';

export const LIST_SQL = `select "id", "orders", "title", "groupid", "areas", "length", "width", "height", "opens", "prov", "city", "sdate", "edate", "biddl", "coins", "peoples", "prepay", "status", "picture", "created_at", "build_start", exists (select 1 from favorites f where f.member_id = $1 and f.project_id = "projects"."id"), "created_at"::text, (select "n" from "search_counts" where "key" = $2 and "counted_at" > now() - make_interval(secs => $3)) from "projects" where ("projects"."status" = $4 and "projects"."biddl" > now()) order by "projects"."created_at" desc nulls last, "projects"."id" desc nulls last limit 21 offset 0`;

/** The shared count's key of the newest open page: search.service.ts's countKey of { status: 1 }. */
export const NEWEST_COUNT_KEY = createHash('sha256')
  .update(JSON.stringify([['status', 1]]))
  .digest('hex');

/** LIST_SQL's values: the member, the count's key and its seconds (SEARCH_COUNT_CACHE_SECONDS), open. */
export const listValues = (memberId, countSeconds = 30) => [memberId, NEWEST_COUNT_KEY, countSeconds, 1];

/** The capped count of the open projects (the API reads it from the shared count instead). */
export const COUNT_SQL = `select count(*)::int from (select 1 from "projects" where ("projects"."status" = $1 and "projects"."biddl" > now())
  order by "projects"."created_at" desc nulls last, "projects"."id" desc nulls last limit 1001) "capped"`;
