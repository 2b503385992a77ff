import type { Clock } from '../../platform/clock';
import { fail, Failure } from '../../domain/errors';
import type { IdentityProfile } from '../../upstream/identity-provider';
import { type Database, writeTransaction, isUniqueViolation } from '../../platform/db/database';
import { isDatabaseUnavailable } from '../../platform/db/database-errors';
import { newId } from '../../platform/db/ids';
import {
  findCredentialByUsernameKey,
  findPlayerBySubject,
  insertCredential,
  insertPlayer,
  isUsernameTaken,
  type PlayerRow,
  replaceCredential,
  setCredential,
  credentialSetAt,
} from './store';
import { usernameKey } from '../../domain/name-keys';
import { errorFields, type Logger } from '../../platform/log';
import { beginSignIn, DEFAULT_LIMITS, forgiveSignInFailures, type Limits, signInSucceeded, spendRegistration } from './abuse-limits';
import { PasswordHasher } from './password-hashing';
import type { SessionClaims } from './session-tokens';

const DEMO_SUBJECT = 'dev:demo';
/** Subjects: `idp:<account id>`, `password:<username>`, `dev:demo`; the prefix keeps an idp id `password:ana` apart. */
const IDP_PREFIX = 'idp:';
const PASSWORD_PREFIX = 'password:';

export interface SignInResult {
  player: PlayerRow;
  isNew: boolean;
}

function subjectOf(claims: SessionClaims): string {
  return claims.idp ? `${IDP_PREFIX}${claims.sub}` : claims.sub;
}

/** 404 PLAYER_NOT_FOUND when the deployment does not know it. */
export async function playerForSession(db: Database, claims: SessionClaims): Promise<PlayerRow> {
  const player = await findPlayerBySubject(db, subjectOf(claims));
  if (!player) fail('PLAYER_NOT_FOUND');
  return player;
}

export interface SessionPlayer {
  id: string;
  name: string;
}

export function claimsFor(player: PlayerRow): SessionClaims {
  const common = { email: player.email, name: player.name, picture: player.picture };
  if (player.subject.startsWith(IDP_PREFIX)) return { sub: player.subject.slice(IDP_PREFIX.length), ...common, idp: true };
  return { sub: player.subject, ...common };
}

export interface AuthOptions {
  /** what new and rehashed credentials are written with */
  passwords?: PasswordHasher;
  limits?: Limits;
  log?: Logger;
}

/** Players a session read has found, by subject: a busy deployment's signed-in players. */
const SESSION_PLAYERS_KEPT = 10_000;

/**
 * How long a password's time of setting is trusted before it is read again: a change or reset
 * made by another process (another instance, `fantasy reset-password`) ends this instance's
 * sessions of that account within it, without a read on every request.
 */
export const PASSWORD_RECHECK_MS = 30_000;

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export class AuthService {
  private readonly passwords: PasswordHasher;
  private readonly limits: Limits;
  /** A player row is never updated or deleted, so a found player stays true; an unknown subject is not kept (it may sign in later). */
  private readonly sessionPlayers = new Map<string, SessionPlayer>();
  /** By subject: when its password was set (seconds; null for none), and when that was read. */
  private readonly passwordsSetAt = new Map<string, { setAt: number | null; readAt: number }>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly options: AuthOptions = {},
  ) {
    this.passwords = options.passwords ?? new PasswordHasher();
    this.limits = options.limits ?? DEFAULT_LIMITS;
  }

  /** It is charged before anything else is checked. */
  async register(username: string, password: string, address = 'unknown'): Promise<SignInResult> {
    await spendRegistration(this.db, this.limits, address, this.clock.now().getTime());
    const key = usernameKey(username);
    if (await isUsernameTaken(this.db, key)) fail('USERNAME_TAKEN');
    // Hash before the transaction: the write lock is never held across the slow part.
    const record = await this.passwords.hash(password);
    const now = this.clock.now().toISOString();
    try {
      const player = await writeTransaction(this.db, async (tx) => {
        const created = await insertPlayer(tx, {
          id: newId('pl'),
          subject: `${PASSWORD_PREFIX}${key}`,
          username,
          usernameKey: key,
          name: username,
          email: '',
          picture: '',
          createdAt: now,
        });
        await insertCredential(tx, created.id, record, now);
        return created;
      });
      return { player, isNew: true };
    } catch (error) {
      // A concurrent registration of the same name lost the race to the unique index.
      if (isUniqueViolation(error)) fail('USERNAME_TAKEN');
      // a database out of reach keeps its own answer (a 503 the player may retry)
      if (error instanceof Failure || isDatabaseUnavailable(error)) throw error;
      throw new Failure('CREDENTIAL_STORE_FAILURE', error instanceof Error ? error.message : String(error));
    }
  }

  /** Unknown username and wrong password are one answer at one cost; an outdated record is rewritten once the password proves right. */
  async login(username: string, password: string, address = 'unknown'): Promise<SignInResult> {
    const key = usernameKey(username);
    const attempt = await beginSignIn(this.db, this.limits, key, address, this.clock.now().getTime());
    const found = await findCredentialByUsernameKey(this.db, key);
    const record = found?.record ?? (await this.passwords.dummyRecord());
    const ok = await this.passwords.verify(password, record);
    if (!found || !ok) fail('INVALID_CREDENTIALS');
    await signInSucceeded(this.db, this.limits, key, attempt);
    if (this.passwords.needsRehash(found.record)) await this.rehash(found.player.id, found.record, password);
    return { player: found.player, isNew: false };
  }

  /**
   * A signed-in player's own change. The current password is checked as a sign-in checks it,
   * throttle included, so a borrowed session cannot guess its way to the account.
   */
  async changePassword(claims: SessionClaims, currentPassword: string, newPassword: string, address = 'unknown'): Promise<PlayerRow> {
    const subject = subjectOf(claims);
    if (!subject.startsWith(PASSWORD_PREFIX)) fail('NO_PASSWORD_ACCOUNT');
    const key = subject.slice(PASSWORD_PREFIX.length);
    const attempt = await beginSignIn(this.db, this.limits, key, address, this.clock.now().getTime());
    const found = await findCredentialByUsernameKey(this.db, key);
    if (!found) fail('NO_PASSWORD_ACCOUNT');
    if (!(await this.passwords.verify(currentPassword, found.record))) fail('WRONG_PASSWORD');
    await signInSucceeded(this.db, this.limits, key, attempt);
    const record = await this.passwords.hash(newPassword);
    await this.setPassword(found.player, record);
    return found.player;
  }

  /** Sessions signed in before the new password end; this instance knows at once, the others within PASSWORD_RECHECK_MS. */
  private async setPassword(player: PlayerRow, record: string): Promise<void> {
    const now = this.clock.now();
    await setCredential(this.db, player.id, record, now.toISOString());
    this.remember(player.subject, Math.floor(now.getTime() / 1000), now.getTime());
  }

  private remember(subject: string, setAt: number | null, readAt: number): void {
    if (this.passwordsSetAt.size >= SESSION_PLAYERS_KEPT) this.passwordsSetAt.delete(this.passwordsSetAt.keys().next().value!);
    this.passwordsSetAt.set(subject, { setAt, readAt });
  }

  /** True for a session of a password account signed in before its password was last set: it has ended. */
  async sessionOutlivedPassword(claims: SessionClaims): Promise<boolean> {
    const subject = subjectOf(claims);
    if (!subject.startsWith(PASSWORD_PREFIX)) return false;
    const now = this.clock.now().getTime();
    let kept = this.passwordsSetAt.get(subject);
    if (!kept || now - kept.readAt >= PASSWORD_RECHECK_MS) {
      try {
        const setAt = await credentialSetAt(this.db, subject);
        kept = { setAt: setAt === undefined ? null : seconds(setAt), readAt: now };
        this.remember(subject, kept.setAt, now);
      } catch (error) {
        // the database out of reach: the request itself will say so if it needs it; this check
        // goes on with what it last knew rather than refusing every signed-in request
        if (!isDatabaseUnavailable(error)) throw error;
      }
    }
    const signedInAt = claims.signedInAt ?? claims.issuedAt ?? 0;
    return kept !== undefined && kept.setAt !== null && signedInAt < kept.setAt;
  }

  /**
   * The operator's answer to a forgotten password (`fantasy reset-password`): the account signs
   * in with `password` from now on, its sessions signed in before end, and the throttle its
   * failed attempts built up is lifted. False when no password account has that username.
   */
  async resetPassword(username: string, password: string): Promise<boolean> {
    const key = usernameKey(username);
    const found = await findCredentialByUsernameKey(this.db, key);
    if (!found) return false;
    const record = await this.passwords.hash(password);
    await writeTransaction(this.db, async (tx) => {
      await setCredential(tx, found.player.id, record, this.clock.now().toISOString());
      await forgiveSignInFailures(tx, this.limits, key);
    });
    return true;
  }

  /** Best effort: a failed rehash leaves the old record, which still verifies. */
  private async rehash(playerId: string, oldRecord: string, password: string): Promise<void> {
    try {
      const record = await this.passwords.hash(password);
      // Guarded on the old record: a concurrent sign-in that rehashed first is left alone.
      await replaceCredential(this.db, playerId, oldRecord, record);
    } catch (error) {
      this.options.log?.warn('password record not rehashed', { playerId, ...errorFields(error) });
    }
  }

  async signInWithIdentity(profile: IdentityProfile): Promise<SignInResult> {
    return this.findOrCreatePlayer(`${IDP_PREFIX}${profile.subject}`, usernameBase(profile.email || profile.name), profile);
  }

  async sessionPlayer(claims: SessionClaims): Promise<SessionPlayer> {
    const subject = subjectOf(claims);
    const kept = this.sessionPlayers.get(subject);
    if (kept) return { ...kept };
    const { id, name } = await playerForSession(this.db, claims);
    if (this.sessionPlayers.size >= SESSION_PLAYERS_KEPT) this.sessionPlayers.delete(this.sessionPlayers.keys().next().value!);
    this.sessionPlayers.set(subject, { id, name });
    return { id, name };
  }

  async demoPlayer(): Promise<SignInResult> {
    return this.signInFixed(DEMO_SUBJECT, 'demo', 'Demo Player', 'demo@localhost');
  }

  private async signInFixed(subject: string, username: string, name: string, email: string): Promise<SignInResult> {
    return this.findOrCreatePlayer(subject, username, { name, email, picture: '' });
  }

  /** Simultaneous first sign-ins make one player: a later transaction finds the row, one that meets the unique index reads it after. */
  private async findOrCreatePlayer(subject: string, base: string, profile: { name: string; email: string; picture: string }): Promise<SignInResult> {
    const existing = await findPlayerBySubject(this.db, subject);
    if (existing) return { player: existing, isNew: false };
    try {
      return await writeTransaction(this.db, async (tx) => {
        const again = await findPlayerBySubject(tx, subject);
        if (again) return { player: again, isNew: false };
        const username = await freeUsername(tx, base);
        const player = await insertPlayer(tx, {
          id: newId('pl'),
          subject,
          username,
          usernameKey: usernameKey(username),
          name: profile.name,
          email: profile.email,
          picture: profile.picture,
          createdAt: this.clock.now().toISOString(),
        });
        return { player, isNew: true };
      });
    } catch (error) {
      const made = isUniqueViolation(error) ? await findPlayerBySubject(this.db, subject) : undefined;
      if (made) return { player: made, isNew: false };
      throw error;
    }
  }
}

export function usernameBase(source: string): string {
  const local = source.split('@')[0] ?? '';
  let base = local.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 26);
  if (base.length < 3) base = `${base}player`.slice(0, 26);
  return base;
}

/** `name`, then `name1` … `name999`; beyond that USERNAME_EXHAUSTED (500). */
async function freeUsername(db: Database, base: string): Promise<string> {
  if (!(await isUsernameTaken(db, usernameKey(base)))) return base;
  for (let i = 1; i <= 999; i++) {
    const candidate = `${base}${i}`;
    if (!(await isUsernameTaken(db, usernameKey(candidate)))) return candidate;
  }
  fail('USERNAME_EXHAUSTED');
}
