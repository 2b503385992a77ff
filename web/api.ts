/**
 * The one client of the service's API. Shapes are the server's own types, imported as types
 * only, so a change on the server breaks this build instead of a player's screen.
 */
import type { ContractView } from '../src/services/presenters/contract';
import type { EditionView } from '../src/services/edition-service';
import type { LeaderboardEntryView } from '../src/services/league-service';
import type { PerformanceView, TeamLineupView } from '../src/services/lineup-service';
import type { MarketArticle } from '../src/services/market-service';
import type { NotificationView } from '../src/services/notification-service';
import type { LeagueView } from '../src/services/presenters/league';
import type { TeamView } from '../src/services/presenters/team';
import type { Schema } from '../src/domain/formations';
import type { SaleQuote as SaleFigures, Tier, TierPrices } from '../src/domain/pricing';
import type { ArticleOffer, ArticlePage } from '../src/services/article-service';
import type { TeamChemistry } from '../src/services/chemistry-service';
import type { GenieBucket, GenieCandidate as TurnCandidate, GenieExchange, GenieSeeds, GenieTurnAnswer } from '../src/domain/genie';
import type { GenieCandidate } from '../src/domain/genie-candidates';
import type { ReportCategory, ReportDiagnostics } from '../src/domain/problem-report';
import type { FiledReport } from '../src/services/report-service';

export type { FiledReport, GenieBucket, GenieCandidate, GenieExchange, GenieTurnAnswer, ReportCategory, TurnCandidate };
export type { ArticleOffer, ArticlePage, ContractView, EditionView, LeaderboardEntryView, LeagueView, MarketArticle, NotificationView, PerformanceView, TeamChemistry, TeamLineupView, TeamView, Tier, TierPrices };
export type ShelfArticle = MarketArticle;
export type SaleQuote = SaleFigures & { contractId: string };
export interface SessionView {
  sub: string;
  email: string;
  name: string;
  picture: string;
  /** what this deployment offers beyond the game itself */
  features?: { articleGenie: boolean };
}

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
  return parsed as T;
}

const enc = encodeURIComponent;
const league = (id: string) => `/api/v1/leagues/${enc(id)}`;

export const api = {
  register: (username: string, password: string) => call<{ isNew: boolean }>('POST', '/auth/password/register', { username, password }),
  login: (username: string, password: string) => call<{ isNew: boolean }>('POST', '/auth/password/login', { username, password }),
  session: () => call<SessionView>('GET', '/api/v1/session'),
  player: () => call<{ id: string; name: string }>('GET', '/api/v1/player'),
  signOut: () => call<{ success: true }>('DELETE', '/api/v1/session'),

  myLeagues: () => call<LeagueView[]>('GET', '/api/v1/leagues'),
  globalLeague: () => call<LeagueView>('GET', '/api/v1/leagues/global'),
  publicLeagues: () => call<LeagueView[]>('GET', '/api/v1/leagues/public'),
  leagueByCode: (code: string) => call<LeagueView>('GET', `/api/v1/leagues/by-code/${enc(code)}`),
  league: (id: string) => call<LeagueView>('GET', league(id)),
  createLeague: (body: {
    name: string;
    teamName: string;
    icon: string;
    domain: string;
    duration: string;
    visibility: 'public' | 'private';
    invitePolicy: 'members' | 'admin';
  }) => call<LeagueView>('POST', '/api/v1/leagues', body),
  editions: () => call<EditionView[]>('GET', '/api/v1/encyclopedia-editions'),
  leaderboard: (id: string) => call<LeaderboardEntryView[]>('GET', `${league(id)}/leaderboard`),
  myRole: (id: string) => call<{ isMember: boolean; isAdmin: boolean }>('GET', `${league(id)}/my-role`),
  inviteCode: (id: string) => call<{ code: string }>('GET', `${league(id)}/invite-code`),
  close: (id: string) => call<LeagueView>('POST', `${league(id)}/closure`),

  myTeam: (id: string) => call<TeamView>('GET', `${league(id)}/my-team`),
  join: (id: string, name: string, invitationCode?: string) =>
    call<TeamView>('POST', `${league(id)}/my-team`, invitationCode ? { name, invitationCode } : { name }),
  leave: (id: string) => call<{ leagueDeleted: boolean }>('POST', `${league(id)}/my-departure`),

  market: (id: string) => call<ShelfArticle[]>('GET', `${league(id)}/market`),
  searchArticles: (id: string, q: string) => call<ArticleOffer[]>('GET', `${league(id)}/article-search?q=${enc(q)}`),
  article: (id: string, articleId: string) => call<ArticlePage>('GET', `${league(id)}/article?id=${enc(articleId)}`),
  myContracts: (id: string) => call<ContractView[]>('GET', `${league(id)}/my-contracts`),
  buy: (id: string, articleId: string, tier: Tier) => call<ContractView>('POST', `${league(id)}/my-contracts`, { articleId, tier }),
  saleQuote: (id: string, contractId: string) => call<SaleQuote>('GET', `${league(id)}/my-contracts/${enc(contractId)}/sale-quote`),
  sell: (id: string, contractId: string) => call<ContractView>('POST', `${league(id)}/my-contracts/${enc(contractId)}/sell`),
  electRenewal: (id: string, contractId: string) => call<ContractView>('POST', `${league(id)}/my-contracts/${enc(contractId)}/renew`),
  withdrawRenewal: (id: string, contractId: string) => call<ContractView>('DELETE', `${league(id)}/my-contracts/${enc(contractId)}/renew`),

  myLineup: (id: string) => call<TeamLineupView>('GET', `${league(id)}/lineup`),
  teamLineup: (id: string, teamId: string) => call<TeamLineupView>('GET', `${league(id)}/teams/${enc(teamId)}/lineup`),
  saveLineup: (id: string, schema: Schema, formation: Record<string, { id: string }>) =>
    call<{ success: true }>('PUT', `${league(id)}/lineup`, { formation: { schema, date: new Date().toISOString(), formation } }),
  chemistry: (id: string, teamId: string) => call<TeamChemistry>('GET', `${league(id)}/teams/${enc(teamId)}/chemistry`),
  myPerformances: (id: string, limit = 2) => call<PerformanceView[]>('GET', `${league(id)}/my-performances?limit=${limit}`),

  genieSeeds: (query: string) => call<GenieSeeds>('POST', '/api/v1/me/genie-seeds', { query }),
  genieCandidates: (id: string, seeds: GenieSeeds) =>
    call<{ candidates: GenieCandidate[] }>(
      'GET',
      `${league(id)}/genie-candidates?${new URLSearchParams([['keywords', seeds.keywords], ...seeds.anchors.map((a) => ['anchor', a])])}`,
    ),
  genieTurn: (body: { query: string; history: GenieExchange[]; candidates: TurnCandidate[]; bucket: GenieBucket }) =>
    call<GenieTurnAnswer>('POST', '/api/v1/me/genie-turns', body),

  report: (body: { category: ReportCategory; title: string; body: string; contactConsent: boolean; diagnostics: ReportDiagnostics }) =>
    call<FiledReport>('POST', '/api/v1/reports', body),

  notifications: () => call<(NotificationView & { league?: { id: string; title: string } })[]>('GET', '/api/v1/player/notifications'),
  markRead: (notificationId: string) => call<{ success: true }>('PATCH', `/api/v1/notifications/${enc(notificationId)}/read`),
};
