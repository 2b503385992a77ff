/** Written in the money's transaction inside a savepoint: a failed insert rolls back alone, and the money never moves without its line. */
import { utcDay } from '../../domain/dates';
import { fail } from '../../domain/errors';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/log';
import { errorFields } from '../../platform/log';
import type { ContractRow } from '../contracts/store';
import { contractsByIds } from '../contracts/store';
import { type Database, savepoint } from '../../platform/db/database';
import { newId, newOrderedIds } from '../../platform/db/ids';
import { findTeam } from '../leagues/store';
import {
  findNotification,
  insertNotification,
  insertNotifications,
  markNotificationRead,
  notificationsOfPlayer,
  notificationsOfTeam,
  type NotificationRow,
} from './store';
import { loadContractViews } from '../contracts/views';
import type { Success } from '../../platform/http/wire/common';
import type { Notification } from './wire';

export interface NotificationDeps {
  db: Database;
  clock: Clock;
  log: Logger;
}

/** Call with the transaction that moved the money, right after the guarded write; never throws. */
export async function notifyAboutContract(deps: NotificationDeps, tx: Database, contract: ContractRow, message: string): Promise<void> {
  try {
    await savepoint(tx, () => writeNotification(deps, tx, contract, message));
  } catch (error) {
    deps.log.error('notification not written', { contractId: contract.id, ...errorFields(error) });
  }
}

export interface ContractNotice {
  contract: { id: string; leagueId: string; teamId: string };
  playerId: string;
  message: string;
}

/** One savepoint and multi-row INSERTs; should the set fail, each line is tried alone. Never throws. */
export async function notifyAboutContracts(deps: NotificationDeps, tx: Database, notices: readonly ContractNotice[]): Promise<void> {
  if (notices.length === 0) return;
  const now = deps.clock.now();
  const date = utcDay(now);
  const createdAt = now.toISOString();
  const ids = newOrderedIds('nt', notices.length);
  const rows = notices.map(({ contract, playerId, message }, i) => ({
    id: ids[i]!,
    playerId,
    leagueId: contract.leagueId,
    teamId: contract.teamId,
    contractId: contract.id,
    message,
    date,
    isRead: false,
    createdAt,
  }));
  try {
    await savepoint(tx, () => insertNotifications(tx, rows));
    return;
  } catch (error) {
    deps.log.warn('notifications of a set not written together; writing them one by one', errorFields(error));
  }
  for (const row of rows) {
    try {
      await savepoint(tx, () => insertNotifications(tx, [row]));
    } catch (error) {
      deps.log.error('notification not written', { contractId: row.contractId, ...errorFields(error) });
    }
  }
}

async function writeNotification(deps: NotificationDeps, tx: Database, contract: ContractRow, message: string): Promise<void> {
  const team = await findTeam(tx, contract.teamId);
  if (!team) throw new Error('team of the contract is gone');
  const now = deps.clock.now();
  await insertNotification(tx, {
    id: newId('nt'),
    playerId: team.playerId,
    leagueId: contract.leagueId,
    teamId: team.id,
    contractId: contract.id,
    message,
    date: utcDay(now),
    isRead: false,
    createdAt: now.toISOString(),
  });
}

export class NotificationService {
  constructor(private readonly deps: NotificationDeps) {}

  async listForPlayer(playerId: string): Promise<Notification[]> {
    return this.present(await notificationsOfPlayer(this.deps.db, playerId));
  }

  /** A member's notifications in one league (the route's `member: true` found the team). */
  async listForTeam(teamId: string): Promise<Notification[]> {
    return this.present(await notificationsOfTeam(this.deps.db, teamId));
  }

  /** Guarded on id AND owner; only when nothing matched does a re-read tell missing from foreign. */
  async markRead(playerId: string, notificationId: string): Promise<Success> {
    if (await markNotificationRead(this.deps.db, notificationId, playerId)) return { success: true };
    if (!(await findNotification(this.deps.db, notificationId))) fail('NOTIFICATION_NOT_FOUND');
    return fail('NOTIFICATION_NOT_AUTHORIZED');
  }

  private async present(rows: NotificationRow[]): Promise<Notification[]> {
    const today = utcDay(this.deps.clock.now());
    const contracts = await contractsByIds(this.deps.db, [...new Set(rows.map((row) => row.contractId))]);
    const viewsById = new Map((await loadContractViews(this.deps.db, [...contracts.values()], today, this.deps.clock.now())).map((view) => [view.id, view]));
    return rows.flatMap((row) => {
      const contract = viewsById.get(row.contractId);
      if (!contract) return [];
      return [{ id: row.id, leagueId: row.leagueId, contract, message: row.message, date: row.date, isRead: row.isRead }];
    });
  }
}
