/**
 * A buy's own statements: the one read that gathers what the buy's rules and its answer need,
 * and the guarded INSERT that is the buy's one check. The read runs before the write
 * transaction (the price may need the encyclopedia in between), so the INSERT re-states every
 * rule the read's answer relied on: a row lost to a race is refused, never written wrongly.
 */
import { MAX_ACTIVE_CONTRACTS } from '../../domain/pricing';
import { type Database, writeTransaction } from '../../platform/db/database';
import { selectRow, selectRows } from '../../platform/db/statements';
import { creditsText } from './ledger-store';
import { CONTRACT_COLUMNS, type ContractRow, type NewContract } from './store';

/** The team's holdings of an article that ended (sold or settled): what a re-buy's renewal streak continues. */
const ENDED = `status IN ('sold', 'settled')`;

/** What a buy knows before it writes, read in one statement. */
export interface BuyContext {
  league: { id: string; domain: string; languageScale: number; closedAt: string | null; endDate: string };
  /** the caller's current team in the league, with its player's name; null when it has none */
  team: { id: string; leagueId: string; name: string; playerId: string; playerName: string } | null;
  /** the team's credits (0 without a team) */
  credits: number;
  /** the team holding the article live in the league, if any */
  holderTeamId: string | null;
  /** the team's live contracts, what counts towards the cap */
  liveContracts: number;
  /** how many of the team's holdings of the article have ended; the guard checks it is unchanged */
  endedHoldings: number;
  /** the team's most recently ended holding of the article, for the inherited renewal count */
  lastEnded: { renewalCount: number; purchaseDate: string; expireDate: string; endedOn: string } | null;
  /** the article's stored series for `snapshotDate` (JSON text), if stored */
  series: string | null;
}

/** Whose buy of which article, and the day of the series that prices it. */
export interface BuyContextQuery {
  leagueId: string;
  playerId: string;
  articleId: string;
  snapshotDate: string;
}

interface ContextRow {
  leagueId: string;
  domain: string;
  languageScale: number;
  closedAt: string | null;
  endDate: string;
  teamId: string | null;
  teamName: string | null;
  playerId: string | null;
  playerName: string | null;
  credits: number | string | null;
  holderTeamId: string | null;
  liveContracts: number;
  endedHoldings: number;
  lastRenewalCount: number | null;
  lastPurchaseDate: string | null;
  lastExpireDate: string | null;
  lastEndedOn: string | null;
  series: string | null;
}

const CONTEXT = `
SELECT l.id AS "leagueId", l.domain, l.language_scale AS "languageScale", l.closed_at AS "closedAt", l.end_date AS "endDate",
       t.id AS "teamId", t.name AS "teamName", t.player_id AS "playerId", p.name AS "playerName",
       ${creditsText('t.id')} AS credits,
       (SELECT h.team_id FROM contracts h WHERE h.league_id = l.id AND h.article_id = ? AND h.status = 'live') AS "holderTeamId",
       (SELECT CAST(count(*) AS INTEGER) FROM contracts c WHERE c.team_id = t.id AND c.status = 'live') AS "liveContracts",
       (SELECT CAST(count(*) AS INTEGER) FROM contracts c WHERE c.team_id = t.id AND c.article_id = ? AND c.${ENDED}) AS "endedHoldings",
       e.renewal_count AS "lastRenewalCount", e.purchase_date AS "lastPurchaseDate", e.expire_date AS "lastExpireDate",
       coalesce(e.closed_on, e.expire_date) AS "lastEndedOn",
       (SELECT v.series FROM view_series v WHERE v.domain = l.domain AND v.article_id = ? AND v.snapshot_date = ?) AS series
  FROM leagues l
  LEFT JOIN teams t ON t.league_id = l.id AND t.player_id = ? AND t.left_at IS NULL
  LEFT JOIN players p ON p.id = t.player_id
  LEFT JOIN contracts e ON e.id = (
    SELECT c.id FROM contracts c WHERE c.team_id = t.id AND c.article_id = ? AND c.${ENDED}
     ORDER BY c.closed_on DESC NULLS LAST, c.created_at DESC LIMIT 1)
 WHERE l.id = ?`;

/**
 * The league, the caller's team in it and everything the buy of `articleId` is judged on, with
 * the article's stored series for `snapshotDate`; undefined when there is no such league. The
 * last ended holding's order is spelled out (NULLS LAST): PostgreSQL would put a missing day
 * first where SQLite puts it last.
 */
export async function readBuyContext(db: Database, query: BuyContextQuery): Promise<BuyContext | undefined> {
  const { leagueId, playerId, articleId, snapshotDate } = query;
  const row = await selectRow<ContextRow>(db, CONTEXT, articleId, articleId, articleId, snapshotDate, playerId, articleId, leagueId);
  if (!row) return undefined;
  const team =
    row.teamId === null ? null : { id: row.teamId, leagueId: row.leagueId, name: row.teamName!, playerId: row.playerId!, playerName: row.playerName! };
  const lastEnded =
    row.lastRenewalCount === null
      ? null
      : { renewalCount: row.lastRenewalCount, purchaseDate: row.lastPurchaseDate!, expireDate: row.lastExpireDate!, endedOn: row.lastEndedOn! };
  return {
    league: { id: row.leagueId, domain: row.domain, languageScale: row.languageScale, closedAt: row.closedAt, endDate: row.endDate },
    team,
    credits: Number(row.credits ?? 0),
    holderTeamId: row.holderTeamId,
    liveContracts: row.liveContracts,
    endedHoldings: row.endedHoldings,
    lastEnded,
    series: row.series,
  };
}

const GUARDED_INSERT = `
INSERT INTO contracts (id, league_id, team_id, article_id, domain, held_since, purchase_date, expire_date,
                       purchase_price, renewal_count, renewal_elected, status, created_at)
SELECT CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT),
       CAST(? AS TEXT), CAST(? AS INTEGER), CAST(? AS INTEGER), FALSE, 'live', CAST(? AS TEXT)
 WHERE EXISTS (SELECT 1 FROM leagues WHERE id = ? AND closed_at IS NULL)
   AND ${creditsText('?')} >= CAST(? AS INTEGER)
   AND NOT EXISTS (SELECT 1 FROM contracts WHERE league_id = ? AND article_id = ? AND status = 'live')
   AND (SELECT CAST(count(*) AS INTEGER) FROM contracts WHERE team_id = ? AND status = 'live') < CAST(? AS INTEGER)
   AND (SELECT CAST(count(*) AS INTEGER) FROM contracts WHERE team_id = ? AND article_id = ? AND ${ENDED}) = CAST(? AS INTEGER)
ON CONFLICT DO NOTHING
RETURNING ${CONTRACT_COLUMNS}, ${creditsText('?')} AS "creditsBefore"`;

export interface BoughtContract {
  row: ContractRow;
  /** the team's credits just before this purchase (its ledger entry is written next) */
  creditsBefore: number;
}

/**
 * A purchase as one INSERT guarded by every rule of a buy: the league is not closed, the team's
 * credits cover the price, the article is free in the league, the team is under the cap, and
 * the team's ended holdings of the article are still the `endedHoldings` its renewal count was
 * worked out from. Undefined when the guard (or the unique index on live articles, for a
 * concurrent buyer) refused: nothing was written, and the transaction reads on.
 */
export async function insertContractIfAllowed(db: Database, row: NewContract, endedHoldings: number): Promise<BoughtContract | undefined> {
  // A racing buyer's row a PostgreSQL snapshot cannot see aborts the transaction for a conflict
  // (SERIALIZABLE), and run again it refuses on NOT EXISTS. The SELECT list's values are cast:
  // PostgreSQL does not infer their types from the target columns.
  const [inserted] = await writeTransaction(db, (tx) => selectRows<ContractRow & { creditsBefore: number | string }>(
    tx,
    GUARDED_INSERT,
    row.id,
    row.leagueId,
    row.teamId,
    row.articleId,
    row.domain,
    row.purchaseDate,
    row.purchaseDate,
    row.expireDate,
    row.purchasePrice,
    row.renewalCount,
    row.createdAt,
    row.leagueId,
    row.teamId,
    row.purchasePrice,
    row.leagueId,
    row.articleId,
    row.teamId,
    MAX_ACTIVE_CONTRACTS,
    row.teamId,
    row.articleId,
    endedHoldings,
    row.teamId,
  ));
  if (!inserted) return undefined;
  const { creditsBefore, ...contract } = inserted;
  // SQLite keeps the flag as 0 or 1
  return { row: { ...contract, renewalElected: Boolean(contract.renewalElected) }, creditsBefore: Number(creditsBefore) };
}
