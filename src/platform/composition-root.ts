/** The one place services are built, once per process; each receives what it uses, never the configuration or a secret. */
import { RankKeeper } from '../features/scoring/rank-keeper';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Logger } from './log';
import type { Database } from './db/database';
import type { Upstreams } from '../upstream';
import { ActivityService } from '../features/activity/service';
import { ArticleService } from '../features/articles/service';
import { AuthService } from '../features/auth/service';
import { CalibrationService } from '../features/leagues/calibration-service';
import { ChemistryService } from '../features/lineups/chemistry-service';
import { CollectorService } from '../features/scoring/collector-service';
import { ContractService } from '../features/contracts/service';
import { EditionService } from '../features/leagues/edition-service';
import { GenieCandidateService } from '../features/genie/candidates-service';
import { GenieService } from '../features/genie/service';
import { HealthService } from '../features/operations/health-service';
import { HeadToHeadService } from '../features/head-to-head/service';
import { LeagueService } from '../features/leagues/service';
import { LineupService } from '../features/lineups/service';
import { MarketService } from '../features/contracts/market-service';
import { MembershipService } from '../features/leagues/membership-service';
import type { PageviewFetches } from '../features/contracts/pageview-series';
import { type PasswordCost, PasswordHasher } from '../features/auth/password-hashing';
import { NotificationService } from '../features/notifications/service';
import { PerformanceIngestService } from '../features/scoring/performance-ingest-service';
import { ReportService } from '../features/reports/service';
import { ScoringInputsService } from '../features/scoring/scoring-inputs-service';
import { SettlementService } from '../features/contracts/settlement-service';
import { AnnounceService } from '../features/notifications/announce-service';
import { OutboxWorker } from '../features/notifications/outbox-worker';
import { PushSubscriptionService } from '../features/notifications/push-subscription-service';
import { WebhookService } from '../features/notifications/webhook-service';
import { createPushClient, type VapidKeys } from '../upstream/push-service';
import { resolvedFrontendUrl } from './config';

export interface Infrastructure {
  config: Config;
  db: Database;
  clock: Clock;
  log: Logger;
  upstream: Upstreams;
  /** shared with the metrics */
  pageviewFetches: PageviewFetches;
  /** the production cost unless a test asks for a cheaper one */
  passwordCost?: PasswordCost;
  /** kept in the database */
  vapidKeys: VapidKeys;
  /** tests shorten it */
  outboundTimeoutMs?: number;
}

export interface Services {
  auth: AuthService;
  health: HealthService;
  editions: EditionService;
  calibration: CalibrationService;
  leagues: LeagueService;
  membership: MembershipService;
  headToHead: HeadToHeadService;
  activity: ActivityService;
  market: MarketService;
  contracts: ContractService;
  articles: ArticleService;
  chemistry: ChemistryService;
  genieCandidates: GenieCandidateService;
  genie: GenieService;
  lineups: LineupService;
  notifications: NotificationService;
  reports: ReportService;
  scoringInputs: ScoringInputsService;
  ingest: PerformanceIngestService;
  ranks: RankKeeper;
  collector: CollectorService;
  settlement: SettlementService;
  webhooks: WebhookService;
  pushSubscriptions: PushSubscriptionService;
  announce: AnnounceService;
  outbox: OutboxWorker;
}

/** VAPID's contact: the frontend when it is https, else a mailto: naming its host. */
function vapidSubject(config: Config): string {
  const frontend = new URL(resolvedFrontendUrl(config));
  return frontend.protocol === 'https:' && frontend.hostname !== 'localhost' ? frontend.origin : `mailto:operator@${frontend.hostname || 'localhost'}`;
}

export function createServices({ config, db, clock, log, upstream, pageviewFetches, passwordCost, vapidKeys, outboundTimeoutMs }: Infrastructure): Services {
  const { encyclopedia } = upstream;
  const { limits } = config;
  const store = { db, clock, log };
  const encyclopedic = { ...store, encyclopedia, pageviewFetches };
  const editions = new EditionService(encyclopedic);
  const calibration = new CalibrationService(encyclopedic);
  const scoringInputs = new ScoringInputsService({ db });
  const ranks = new RankKeeper({ db, log });
  const ingest = new PerformanceIngestService({ db, clock, ranks });
  const { allowPrivateAddresses } = config.outbound;
  const policy = { allowPrivateAddresses, timeoutMs: outboundTimeoutMs };
  const appUrl = resolvedFrontendUrl(config);
  return {
    health: new HealthService(db),
    auth: new AuthService(db, clock, { passwords: new PasswordHasher(config.passwords.algorithm, passwordCost), limits, log }),
    editions,
    calibration,
    leagues: new LeagueService({ ...encyclopedic, editions, calibration, limits, appUrl }),
    membership: new MembershipService({ ...store, limits, appUrl, ranks }),
    headToHead: new HeadToHeadService({ db, clock }),
    activity: new ActivityService({ db }),
    market: new MarketService(encyclopedic),
    contracts: new ContractService(encyclopedic),
    articles: new ArticleService(encyclopedic),
    chemistry: new ChemistryService(encyclopedic),
    genieCandidates: new GenieCandidateService(encyclopedic),
    genie: new GenieService({ ...store, languageModel: upstream.languageModel }),
    lineups: new LineupService({ db, clock }),
    notifications: new NotificationService(store),
    reports: new ReportService({ ...store, issueTracker: upstream.issueTracker, environment: config.environment, appUrl }),
    scoringInputs,
    ingest,
    ranks,
    collector: new CollectorService({ ...encyclopedic, inputs: scoringInputs, ingest }),
    settlement: new SettlementService(encyclopedic),
    webhooks: new WebhookService({ db, clock, allowPrivateAddresses, appUrl }),
    pushSubscriptions: new PushSubscriptionService({ db, clock, publicKey: vapidKeys.publicKey, allowPrivateAddresses }),
    announce: new AnnounceService({ ...store, appUrl }),
    outbox: new OutboxWorker({ ...store, policy, push: createPushClient(vapidKeys, vapidSubject(config), policy) }),
  };
}
