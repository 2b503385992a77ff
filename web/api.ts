/**
 * The one client of the service's API: Eden Treaty over the server's own app type, imported
 * as a type only, so a wrong path, body or field fails this build instead of a player's screen.
 */
import { treaty } from '@elysiajs/eden';
import { fetchRetryingReads } from './busy-retry';
import type { z } from 'zod';
import type { Schema } from '../src/domain/formations';
import type { App } from '../src/platform/http/app';
import type { ArticleOffer, ArticlePage, GenieCandidates, TeamChemistry } from '../src/features/articles/wire';
import type { Success } from '../src/platform/http/wire/common';
import type { Contract, MarketArticle, SaleQuote, Tier, TierPrices } from '../src/features/contracts/wire';
import type { GenieExchange, GenieSeeds, GenieTurnRequest, GenieTurnResponse } from '../src/features/genie/wire';
import type { CreateLeagueRequestSchema, EncyclopediaEdition, LeaderboardEntry, League, LeagueInvite, LeagueRole, Rivalry, SeasonHistory, UpdateLeagueRequestSchema } from '../src/features/leagues/wire';
import type { Performance, TeamLineup } from '../src/features/lineups/wire';
import type { Notification } from '../src/features/notifications/wire';
import type { CreateProblemReportRequest, FiledReport, ReportCategory } from '../src/features/reports/wire';
import type { PasswordSession, Player, Session, SignInMethods } from '../src/features/auth/wire';
import type { Departure, Team } from '../src/features/leagues/wire-teams';
import type { Fixtures, HeadToHeadRow, MatchupDetail, MatchupSide } from '../src/features/head-to-head/wire';
import type { ActivityEvent, ActivityPage } from '../src/features/activity/wire';
import type { LeagueHome } from '../src/features/league-home/wire';
import type { Deleted, PushPreferences, PushSubscription, PushSubscriptionRequest, Webhook, WebhookRequest, Queued } from '../src/features/notifications/wire-outbound';

export type { ArticleOffer, ArticlePage, Contract, EncyclopediaEdition, FiledReport, GenieExchange, LeaderboardEntry, League, MarketArticle };
export type { ActivityEvent, ActivityPage, Fixtures, HeadToHeadRow, MatchupDetail, MatchupSide, Rivalry, SeasonHistory };
export type { Notification, Performance, Player, ReportCategory, SaleQuote, Session, Team, TeamChemistry, TeamLineup, Tier, TierPrices };
export type { LeagueHome, PushPreferences, Webhook };

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

const client = treaty<App>(location.origin, {
  // a read the service turns away for a while is asked again; a write never is
  fetcher: fetchRetryingReads as typeof fetch,
  fetch: { credentials: 'same-origin' },
  // dates stay the interface's ISO strings, as the server's types say
  parseDate: false,
  headers: { accept: 'application/json' },
});

type Answered<T> =
  | { data: T; error: null; status: number; headers?: HeadersInit }
  | { data: null; error: { status: unknown; value: unknown }; status: number; headers?: HeadersInit };

/** A page of a longer list: the rows, and how many there are in all (`x-total-count`). */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** The answer's value, or an ApiError carrying the catalogue constant (NETWORK when nothing came back). */
async function answered<T>(pending: Promise<Answered<T>>, signingIn = false): Promise<T> {
  return (await exchanged(pending, signingIn)).data;
}

async function paged<T>(pending: Promise<Answered<T[]>>): Promise<Page<T>> {
  const { data, headers } = await exchanged(pending);
  const total = Number(new Headers(headers).get('x-total-count'));
  return { rows: data, total: Number.isFinite(total) ? total : data.length };
}

async function exchanged<T>(pending: Promise<Answered<T>>, signingIn = false): Promise<{ data: T; headers?: HeadersInit }> {
  let result: Answered<T>;
  try {
    result = await pending;
  } catch {
    throw new ApiError('NETWORK', 0);
  }
  if (result.error === null) return { data: result.data, headers: result.headers };
  const { status } = result;
  const value = result.error.value;
  const code =
    value && typeof value === 'object' && typeof (value as { error?: unknown }).error === 'string'
      ? (value as { error: string }).error
      : status === 413
        ? 'PAYLOAD_TOO_LARGE'
        : `HTTP_${status}`;
  if (status === 401 && !signingIn) onUnauthorized();
  throw new ApiError(code, status);
}

const enc = encodeURIComponent;
const v1 = client.api.v1;
const league = (id: string) => v1.leagues({ id: enc(id) });
const contract = (id: string, contractId: string) => league(id)['my-contracts']({ contractId: enc(contractId) });

export const api = {
  register: (username: string, password: string) => answered<PasswordSession>(client.auth.password.register.post({ username, password }), true),
  login: (username: string, password: string) => answered<PasswordSession>(client.auth.password.login.post({ username, password }), true),
  signInMethods: () => answered<SignInMethods>(client.auth.methods.get()),
  session: () => answered<Session>(v1.session.get()),
  player: () => answered<Player>(v1.player.get()),
  signOut: () => answered<Success>(v1.session.delete()),

  myLeagues: () => answered<League[]>(v1.leagues.get()),
  globalLeague: () => answered<League>(v1.leagues.global.get()),
  publicLeagues: () => answered<League[]>(v1.leagues.public.get()),
  leagueByCode: (code: string) => answered<League>(v1.leagues['by-code']({ code: enc(code) }).get()),
  league: (id: string) => answered<League>(league(id).get()),
  /** what the league home draws first, in one answer */
  leagueHome: (id: string) => answered<LeagueHome>(league(id).home.get()),
  createLeague: (body: z.input<typeof CreateLeagueRequestSchema>) => answered<League>(v1.leagues.post(body)),
  editions: () => answered<EncyclopediaEdition[]>(v1['encyclopedia-editions'].get()),
  leaderboard: (id: string) => answered<LeaderboardEntry[]>(league(id).leaderboard.get({ query: {} })),
  /** ranks offset+1 … offset+limit, and the number of ranked teams */
  leaderboardPage: (id: string, limit: number, offset = 0) =>
    paged<LeaderboardEntry>(league(id).leaderboard.get({ query: { limit: String(limit), offset: String(offset) } })),
  /** the caller's team and its neighbours, `limit` teams in all */
  leaderboardAroundMe: (id: string, limit: number) =>
    paged<LeaderboardEntry>(league(id).leaderboard.get({ query: { around: 'me', limit: String(limit) } })),
  myRole: (id: string) => answered<LeagueRole>(league(id)['my-role'].get()),
  inviteCode: (id: string) => answered<LeagueInvite>(league(id)['invite-code'].get()),
  close: (id: string) => answered<League>(league(id).closure.post()),
  // Seasons (issue 39): the next one, the chain's history, the caller's rivalries, the commissioner's tools
  nextSeason: (id: string) => answered<League>(league(id)['next-season'].post()),
  history: (id: string) => answered<SeasonHistory[]>(league(id).history.get()),
  rivalries: (id: string) => answered<Rivalry[]>(league(id).rivalries.get()),
  editLeague: (id: string, changes: z.input<typeof UpdateLeagueRequestSchema>) => answered<League>(league(id).patch(changes)),
  removeTeam: (id: string, teamId: string) => answered<Departure>(league(id).teams({ teamId: enc(teamId) }).removal.post()),
  /** a head-to-head round: the current one without `round` */
  fixtures: (id: string, round?: number) => answered<Fixtures>(league(id).fixtures.get({ query: round === undefined ? {} : { round: String(round) } })),
  headToHead: (id: string) => answered<HeadToHeadRow[]>(league(id)['head-to-head'].get()),
  /** one team's matchup of a round, both line-ups: the caller's in the current round by default */
  matchup: (id: string, round?: number, team?: string) =>
    answered<MatchupDetail>(league(id).matchup.get({ query: { ...(round === undefined ? {} : { round: String(round) }), ...(team === undefined ? {} : { team }) } })),
  /** newest first; `before` is the previous page's opaque `next` */
  activity: (id: string, limit: number, before?: string) =>
    answered<ActivityPage>(league(id).activity.get({ query: before ? { limit: String(limit), before } : { limit: String(limit) } })),

  myTeam: (id: string) => answered<Team>(league(id)['my-team'].get()),
  join: (id: string, name: string, invitationCode?: string) => answered<Team>(league(id)['my-team'].post(invitationCode ? { name, invitationCode } : { name })),
  leave: (id: string) => answered<Departure>(league(id)['my-departure'].post()),

  market: (id: string) => answered<MarketArticle[]>(league(id).market.get()),
  searchArticles: (id: string, q: string) => answered<ArticleOffer[]>(league(id)['article-search'].get({ query: { q } })),
  article: (id: string, articleId: string) => answered<ArticlePage>(league(id).article.get({ query: { id: articleId } })),
  myContracts: (id: string) => answered<Contract[]>(league(id)['my-contracts'].get()),
  buy: (id: string, articleId: string, tier: Tier) => answered<Contract>(league(id)['my-contracts'].post({ articleId, tier })),
  saleQuote: (id: string, contractId: string) => answered<SaleQuote>(contract(id, contractId)['sale-quote'].get()),
  sell: (id: string, contractId: string) => answered<Contract>(contract(id, contractId).sell.post()),
  electRenewal: (id: string, contractId: string) => answered<Contract>(contract(id, contractId).renew.post()),
  withdrawRenewal: (id: string, contractId: string) => answered<Contract>(contract(id, contractId).renew.delete()),

  myLineup: (id: string) => answered<TeamLineup>(league(id).lineup.get()),
  teamLineup: (id: string, teamId: string) => answered<TeamLineup>(league(id).teams({ teamId: enc(teamId) }).lineup.get()),
  saveLineup: (id: string, schema: Schema, formation: Record<string, { id: string }>) =>
    answered<Success>(league(id).lineup.put({ formation: { schema, date: new Date().toISOString(), formation } })),
  chemistry: (id: string, teamId: string) => answered<TeamChemistry>(league(id).teams({ teamId: enc(teamId) }).chemistry.get()),

  genieSeeds: (query: string) => answered<GenieSeeds>(v1.me['genie-seeds'].post({ query })),
  genieCandidates: (id: string, seeds: GenieSeeds) =>
    answered<GenieCandidates>(league(id)['genie-candidates'].get({ query: { keywords: seeds.keywords, anchor: seeds.anchors } })),
  genieTurn: (body: GenieTurnRequest) => answered<GenieTurnResponse>(v1.me['genie-turns'].post(body)),

  report: (body: CreateProblemReportRequest) => answered<FiledReport>(v1.reports.post(body)),

  notifications: () => answered<Notification[]>(v1.player.notifications.get()),
  markRead: (notificationId: string) => answered<Success>(v1.notifications({ id: enc(notificationId) }).read.patch()),

  // The league's group-chat webhook (issue 25), its admin's
  webhook: (id: string) => answered<Webhook | null>(league(id).webhook.get()),
  setWebhook: (id: string, body: WebhookRequest) => answered<Webhook>(league(id).webhook.put(body)),
  removeWebhook: (id: string) => answered<Deleted>(league(id).webhook.delete()),
  testWebhook: (id: string) => answered<Queued>(league(id).webhook.test.post()),

  // Web Push (issue 25): this device's subscription and the player's choices
  pushPublicKey: () => answered<{ publicKey: string }>(v1.push['public-key'].get()),
  addPushSubscription: (body: PushSubscriptionRequest) => answered<PushSubscription>(v1.me['push-subscriptions'].post(body)),
  removePushSubscription: (endpoint: string) => answered<Deleted>(v1.me['push-subscriptions'].delete(undefined, { query: { endpoint } })),
  pushPreferences: () => answered<PushPreferences>(v1.me['push-preferences'].get()),
  setPushPreferences: (changes: Partial<PushPreferences>) => answered<PushPreferences>(v1.me['push-preferences'].put(changes)),
  changePassword: (currentPassword: string, newPassword: string) => answered<{ success: true }>(v1.me.password.put({ currentPassword, newPassword })),
};
