/**
 * The one client of the service's API. Shapes are the server's own types, imported as types
 * only, so a change on the server breaks this build instead of a player's screen.
 */
import type { z } from 'zod';
import type { Schema } from '../src/domain/formations';
import type { ArticleOffer, ArticlePage, GenieCandidates, TeamChemistry } from '../src/wire/articles';
import type { Success } from '../src/wire/common';
import type { Contract, MarketArticle, SaleQuote, Tier, TierPrices } from '../src/wire/contracts';
import type { GenieExchange, GenieSeeds, GenieTurnRequest, GenieTurnResponse } from '../src/wire/genie';
import type { CreateLeagueRequestSchema, EncyclopediaEdition, LeaderboardEntry, League, LeagueInvite, LeagueRole } from '../src/wire/leagues';
import type { Performance, TeamLineup } from '../src/wire/lineups';
import type { Notification } from '../src/wire/notifications';
import type { CreateProblemReportRequest, FiledReport, ReportCategory } from '../src/wire/reports';
import type { PasswordSession, Player, Session } from '../src/wire/session';
import type { Departure, Team } from '../src/wire/teams';

export type { ArticleOffer, ArticlePage, Contract, EncyclopediaEdition, FiledReport, GenieExchange, LeaderboardEntry, League, MarketArticle };
export type { Notification, Performance, Player, ReportCategory, SaleQuote, Session, Team, TeamChemistry, TeamLineup, Tier, TierPrices };
/** one of the candidates the Genie search found (an article of the league's edition) */
export type GenieCandidate = GenieCandidates['candidates'][number];
/** one candidate as a Genie turn sends it to the model */
export type TurnCandidate = GenieTurnRequest['candidates'][number];
export type GenieBucket = GenieTurnRequest['bucket'];

/** A refusal or a failure, carrying the catalogue constant (or NETWORK when nothing came back). */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
  ) {
    super(code);
  }
}

type Unauthorized = () => void;
let onUnauthorized: Unauthorized = () => {};
export function whenUnauthorized(handler: Unauthorized): void {
  onUnauthorized = handler;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  return (await exchange<T>(method, path, body)).body;
}

/** A page of a longer list: the rows, and how many there are in all (`x-total-count`). */
export interface Page<T> {
  rows: T[];
  total: number;
}

async function callPage<T>(path: string): Promise<Page<T>> {
  const { body, headers } = await exchange<T[]>('GET', path);
  const total = Number(headers.get('x-total-count'));
  return { rows: body, total: Number.isFinite(total) ? total : body.length };
}

async function exchange<T>(method: string, path: string, body?: unknown): Promise<{ body: T; headers: Headers }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // Every write with a body is JSON: the service refuses other content types on writes.
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('NETWORK', 0);
  }
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const code =
      parsed && typeof parsed === 'object' && typeof (parsed as { error?: unknown }).error === 'string'
        ? (parsed as { error: string }).error
        : response.status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : `HTTP_${response.status}`;
    if (response.status === 401 && !path.startsWith('/auth/')) onUnauthorized();
    throw new ApiError(code, response.status);
  }
  return { body: parsed as T, headers: response.headers };
}

const enc = encodeURIComponent;
const league = (id: string) => `/api/v1/leagues/${enc(id)}`;

export const api = {
  register: (username: string, password: string) => call<PasswordSession>('POST', '/auth/password/register', { username, password }),
  login: (username: string, password: string) => call<PasswordSession>('POST', '/auth/password/login', { username, password }),
  session: () => call<Session>('GET', '/api/v1/session'),
  player: () => call<Player>('GET', '/api/v1/player'),
  signOut: () => call<Success>('DELETE', '/api/v1/session'),

  myLeagues: () => call<League[]>('GET', '/api/v1/leagues'),
  globalLeague: () => call<League>('GET', '/api/v1/leagues/global'),
  publicLeagues: () => call<League[]>('GET', '/api/v1/leagues/public'),
  leagueByCode: (code: string) => call<League>('GET', `/api/v1/leagues/by-code/${enc(code)}`),
  league: (id: string) => call<League>('GET', league(id)),
  createLeague: (body: z.input<typeof CreateLeagueRequestSchema>) => call<League>('POST', '/api/v1/leagues', body),
  editions: () => call<EncyclopediaEdition[]>('GET', '/api/v1/encyclopedia-editions'),
  leaderboard: (id: string) => call<LeaderboardEntry[]>('GET', `${league(id)}/leaderboard`),
  /** ranks offset+1 … offset+limit, and the number of ranked teams */
  leaderboardPage: (id: string, limit: number, offset = 0) =>
    callPage<LeaderboardEntry>(`${league(id)}/leaderboard?limit=${limit}&offset=${offset}`),
  /** the caller's team and its neighbours, `limit` teams in all */
  leaderboardAroundMe: (id: string, limit: number) => callPage<LeaderboardEntry>(`${league(id)}/leaderboard?around=me&limit=${limit}`),
  myRole: (id: string) => call<LeagueRole>('GET', `${league(id)}/my-role`),
  inviteCode: (id: string) => call<LeagueInvite>('GET', `${league(id)}/invite-code`),
  close: (id: string) => call<League>('POST', `${league(id)}/closure`),

  myTeam: (id: string) => call<Team>('GET', `${league(id)}/my-team`),
  join: (id: string, name: string, invitationCode?: string) =>
    call<Team>('POST', `${league(id)}/my-team`, invitationCode ? { name, invitationCode } : { name }),
  leave: (id: string) => call<Departure>('POST', `${league(id)}/my-departure`),

  market: (id: string) => call<MarketArticle[]>('GET', `${league(id)}/market`),
  searchArticles: (id: string, q: string) => call<ArticleOffer[]>('GET', `${league(id)}/article-search?q=${enc(q)}`),
  article: (id: string, articleId: string) => call<ArticlePage>('GET', `${league(id)}/article?id=${enc(articleId)}`),
  myContracts: (id: string) => call<Contract[]>('GET', `${league(id)}/my-contracts`),
  buy: (id: string, articleId: string, tier: Tier) => call<Contract>('POST', `${league(id)}/my-contracts`, { articleId, tier }),
  saleQuote: (id: string, contractId: string) => call<SaleQuote>('GET', `${league(id)}/my-contracts/${enc(contractId)}/sale-quote`),
  sell: (id: string, contractId: string) => call<Contract>('POST', `${league(id)}/my-contracts/${enc(contractId)}/sell`),
  electRenewal: (id: string, contractId: string) => call<Contract>('POST', `${league(id)}/my-contracts/${enc(contractId)}/renew`),
  withdrawRenewal: (id: string, contractId: string) => call<Contract>('DELETE', `${league(id)}/my-contracts/${enc(contractId)}/renew`),

  myLineup: (id: string) => call<TeamLineup>('GET', `${league(id)}/lineup`),
  teamLineup: (id: string, teamId: string) => call<TeamLineup>('GET', `${league(id)}/teams/${enc(teamId)}/lineup`),
  saveLineup: (id: string, schema: Schema, formation: Record<string, { id: string }>) =>
    call<Success>('PUT', `${league(id)}/lineup`, { formation: { schema, date: new Date().toISOString(), formation } }),
  chemistry: (id: string, teamId: string) => call<TeamChemistry>('GET', `${league(id)}/teams/${enc(teamId)}/chemistry`),
  myPerformances: (id: string, limit = 2) => call<Performance[]>('GET', `${league(id)}/my-performances?limit=${limit}`),

  genieSeeds: (query: string) => call<GenieSeeds>('POST', '/api/v1/me/genie-seeds', { query }),
  genieCandidates: (id: string, seeds: GenieSeeds) =>
    call<GenieCandidates>(
      'GET',
      `${league(id)}/genie-candidates?${new URLSearchParams([['keywords', seeds.keywords], ...seeds.anchors.map((a) => ['anchor', a])])}`,
    ),
  genieTurn: (body: GenieTurnRequest) =>
    call<GenieTurnResponse>('POST', '/api/v1/me/genie-turns', body),

  report: (body: CreateProblemReportRequest) =>
    call<FiledReport>('POST', '/api/v1/reports', body),

  notifications: () => call<Notification[]>('GET', '/api/v1/player/notifications'),
  markRead: (notificationId: string) => call<Success>('PATCH', `/api/v1/notifications/${enc(notificationId)}/read`),
};
