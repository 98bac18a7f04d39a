import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members, projects, quotes } from '../../db/schema/index.ts';
import { partyNameSql } from '../user/party-name.ts';

/** The winning quote of a project (with its supplier id), or undefined before the award. */
export async function findWinnerQuote(db: DbOrTx, quoteId: number) {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, quoteId)).limit(1);
  return row;
}

export async function findProjectRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  return row;
}

/** What the contract names of a party: its verified name (docs/members.md "Party names"). */
export async function findParty(db: DbOrTx, memberId: number) {
  const [row] = await db
    .select({
      id: members.id,
      name: partyNameSql(),
      mobile: members.mobile,
    })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return row;
}
