/**
 * The single error catalogue: every constant a client can receive, with its HTTP status.
 * Services throw `Failure`; the HTTP layer turns it into `{ "error": CONSTANT }`.
 */
export const ERROR_STATUS = {
  // generic
  MALFORMED_JSON: 400,
  INVALID_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN_ORIGIN: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_CONTENT_TYPE: 415,
  EXPECTATION_FAILED: 417,
  HEADERS_TOO_LARGE: 431,
  MALFORMED_REQUEST: 400,
  INTERNAL_ERROR: 500,
  DATABASE_UNAVAILABLE: 503,
  DATABASE_BUSY: 503,
  OVERLOADED: 503,
  SIGNING_SECRET_MISSING: 500,
  IDENTITY_PROVIDER_NOT_CONFIGURED: 500,

  // sign-in
  USERNAME_INVALID: 400,
  PASSWORD_TOO_LONG: 400,
  INVALID_CREDENTIALS: 401,
  USERNAME_TAKEN: 409,
  REGISTRATION_RATE_LIMITED: 429,
  LOGIN_THROTTLED: 429,
  USERNAME_EXHAUSTED: 500,
  CREDENTIAL_STORE_FAILURE: 500,
  PLAYER_NOT_FOUND: 404,
  WRONG_PASSWORD: 403,
  NO_PASSWORD_ACCOUNT: 409,

  // leagues and teams
  LEAGUE_NOT_FOUND: 404,
  LEAGUE_INVALID_PAYLOAD: 400,
  LEAGUE_NAME_LENGTH: 400,
  LEAGUE_UNKNOWN_ICON: 400,
  LEAGUE_UNKNOWN_DOMAIN: 400,
  LEAGUE_UNKNOWN_DURATION: 400,
  LEAGUE_UNKNOWN_VISIBILITY: 400,
  LEAGUE_UNKNOWN_INVITE_POLICY: 400,
  CALIBRATION_BELOW_FLOOR: 400,
  CALIBRATION_UNAVAILABLE: 503,
  EDITION_LIST_UNAVAILABLE: 503,
  TEAM_NAME_LENGTH: 400,
  TEAM_NAME_REQUIRED: 400,
  NAME_TAKEN: 400,
  ALREADY_HAS_TEAM: 400,
  LEAGUE_IS_PRIVATE: 403,
  LEAGUE_INACTIVE: 409,
  JOIN_CONFLICT: 400,
  LEAVE_CONFLICT: 409,
  ALREADY_LEFT: 409,
  CANNOT_LEAVE_GLOBAL: 403,
  CANNOT_CLOSE_GLOBAL: 403,
  NO_INVITATION_CODE: 404,
  INVITATION_CODE_UNAVAILABLE: 500,
  CLOSE_CONFLICT: 409,
  NOT_ADMIN: 403,
  ALREADY_CLOSED: 409,
  JOIN_RATE_LIMITED: 429,
  NO_TEAM_IN_LEAGUE: 404,
  TEAM_NOT_FOUND: 404,
  LEAGUE_INVALID_FORMAT: 400,
  LEAGUE_NOT_HEAD_TO_HEAD: 409,
  ROUND_NOT_FOUND: 404,
  MATCHUP_NOT_FOUND: 404,
  SEASON_NOT_OVER: 409,
  NEXT_SEASON_EXISTS: 409,
  LEAGUE_STARTED: 409,
  TEAM_REMOVED: 403,

  // market and contracts
  INVALID_TIER: 400,
  INVALID_ARTICLE: 400,
  ARTICLE_TAKEN: 400,
  ALREADY_OWNED: 400,
  TEAM_FULL: 400,
  NOT_ENOUGH_CREDITS: 400,
  CONTRACT_NOT_FOUND: 404,
  NOT_CONTRACT_OWNER: 400,
  ALREADY_SOLD: 400,
  ALREADY_SETTLED: 400,
  CONTRACT_EXPIRED: 400,
  RENEWAL_WINDOW_CLOSED: 400,
  RENEWAL_NOT_ELECTED: 400,
  MARKET_UNAVAILABLE: 503,
  UNKNOWN_ARTICLE: 400,
  ARTICLE_QUERY_TOO_LONG: 400,
  ENCYCLOPEDIA_UNAVAILABLE: 503,

  // article search and page (additions for the app)
  ARTICLE_NOT_FOUND: 404,

  // line-ups and scoring
  LINEUP_INVALID_PAYLOAD: 400,
  LINEUP_UNKNOWN_SCHEMA: 400,
  CONTRACT_NOT_OWNED: 400,
  INVALID_DATE: 400,
  INGEST_INVALID: 400,

  // notifications
  NOTIFICATION_NOT_FOUND: 404,
  NOTIFICATION_NOT_AUTHORIZED: 403,

  // problem reports
  REPORT_MALFORMED_BODY: 400,
  REPORT_INVALID_CATEGORY: 400,
  REPORT_TITLE_REQUIRED: 400,
  REPORT_TITLE_TOO_LONG: 400,
  REPORT_BODY_REQUIRED: 400,
  REPORT_BODY_TOO_LONG: 400,
  REPORT_SUBMISSION_FAILED: 502,
  REPORT_RATE_LIMITED: 429,

  // article genie
  GENIE_MALFORMED_BODY: 400,
  GENIE_QUERY_REQUIRED: 400,
  GENIE_QUERY_TOO_LONG: 400,
  GENIE_TOO_MANY_CANDIDATES: 400,
  GENIE_NO_CANDIDATES: 400,
  GENIE_HISTORY_TOO_LONG: 400,
  GENIE_TEXT_TOO_LONG: 400,
  GENIE_INVALID_BUCKET: 400,
  GENIE_DUPLICATE_CANDIDATE_ID: 400,
  GENIE_RATE_LIMITED: 429,
  GENIE_ASLEEP: 503,

  // reaching players outside the app
  WEBHOOK_URL_REFUSED: 400,
  WEBHOOK_NOT_FOUND: 404,
  PUSH_ENDPOINT_REFUSED: 400,
  PUSH_KEYS_INVALID: 400,
  PUSH_SUBSCRIPTION_NOT_FOUND: 404,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** A refusal the client can act on (or a named server failure), carried up to the HTTP layer. */
export class Failure extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** for a 429: whole seconds until a retry can succeed, sent as `Retry-After` */
  retryAfterSeconds?: number;

  constructor(code: ErrorCode, detail?: string) {
    // The message stays server-side (logs); clients only ever see the constant.
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'Failure';
    this.code = code;
    this.status = ERROR_STATUS[code];
  }
}

export function fail(code: ErrorCode, detail?: string): never {
  throw new Failure(code, detail);
}

/** A rate-limit refusal that tells the client when to come back. */
export function failRateLimited(code: ErrorCode, retryAfterMs: number): never {
  const failure = new Failure(code);
  failure.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  throw failure;
}

export function isFailure(error: unknown): error is Failure {
  return error instanceof Failure;
}
