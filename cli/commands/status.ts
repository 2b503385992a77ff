import fs from 'node:fs';
import type { Command } from 'commander';
import { version } from '../../package.json';
import { systemClock } from '../../src/platform/clock';
import { CATCH_UP_DAYS } from '../../src/domain/operations';
import { type DeploymentStatus, deploymentStatus } from '../../src/features/operations/status-service';
import { closeStore, type Database, openDatabase } from '../../src/platform/db/database';
import { openPostgresDatabase } from '../../src/platform/db/postgres-store';
import { maskDatabaseUrl } from '../../src/platform/database-url';
import type { Config } from '../../src/platform/config';
import { CliFailure, configFor } from '../config-option';
import { refuseDamagedDatabase } from './check';

function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

const minute = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')}Z`;

function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column].length))) ?? [];
  return rows.map((row) => `  ${row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]))).join('  ')}`.trimEnd());
}

/** The terminal form: one screen an operator can read at a glance. */
export function formatStatus(status: DeploymentStatus): string {
  const lines = [`fantasy ${status.version} (node ${status.runtime}) · database ${status.databasePath} (${bytes(status.databaseBytes)}) · ${minute(status.now)}`, '', 'Jobs, last run:'];
  lines.push(
    ...table(
      status.jobs.map(({ name, lastRun }) =>
        lastRun
          ? [name, minute(lastRun.startedAt), lastRun.outcome, `${(lastRun.ms / 1000).toFixed(1)}s${lastRun.error ? `  ${lastRun.error}` : ''}`]
          : [name, 'never', '', ''],
      ),
    ),
  );
  lines.push('', 'Active leagues, last scored day:');
  if (status.leagues.length === 0) lines.push('  none');
  lines.push(
    ...table(
      status.leagues.map((league) => [
        league.leagueId,
        `${league.name} (${league.domain})`,
        league.lastScoredDay ?? 'never',
        league.unscoredDays.length ? `unscored: ${league.unscoredDays.join(', ')}` : '',
      ]),
    ),
  );
  const { count, oldestExpireDate } = status.unsettledContracts;
  lines.push('', `Contracts past expiry not settled: ${count}${count ? ` (oldest expired ${oldestExpireDate})` : ''}`);
  lines.push('  the 06:00 sweep settles every contract past expiry, however late; `fantasy settle` runs it now');
  lines.push('', 'Outside systems, last failure:');
  lines.push(...table(status.upstreams.map(({ name, lastFailure }) => [name, lastFailure ? `${minute(lastFailure.at)}  ${lastFailure.message}` : 'none'])));
  lines.push('', `Problem reports kept here: ${status.problemReports}${status.problemReports ? ' (`fantasy reports` lists them)' : ''}`);
  lines.push('');
  if (status.attention.length === 0) {
    lines.push('Nothing needs you.');
  } else {
    lines.push('Needs you:', ...status.attention.map((line) => `  - ${line}`));
    if (status.unscoredDays.length) {
      lines.push(`  \`fantasy collect\` scores the unscored days of the last ${CATCH_UP_DAYS}; an older one: \`fantasy collect --date YYYY-MM-DD\``);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Opened as it stands, never migrated: status reads. An SQLite file is checked for damage
 * first; a PostgreSQL database is named by its URL with the password masked.
 */
async function openForReading(config: Config): Promise<{ db: Database; shown: string }> {
  if (config.databaseUrl !== undefined) return { db: await openPostgresDatabase(config.databaseUrl, { poolSize: 2 }), shown: maskDatabaseUrl(config.databaseUrl) };
  if (!fs.existsSync(config.databasePath)) throw new CliFailure(`no database at ${config.databasePath}`);
  refuseDamagedDatabase(config.databasePath);
  return { db: openDatabase(config.databasePath), shown: config.databasePath };
}

/** `fantasy status [--json]`: exit 1 when something needs the operator. */
export function registerStatus(program: Command): void {
  program
    .command('status')
    .description('version, database size, jobs, scoring gaps, unsettled contracts, upstream health (exit 1: needs you)')
    .option('--json', 'print the status as one JSON object')
    .option('--database <file>', 'SQLite file (databaseUrl selects PostgreSQL)')
    .action(async (flags: { json?: boolean; database?: string }, command: Command) => {
      const config = configFor(command, flags, 'postgres-too');
      const { db, shown } = await openForReading(config);
      let status: DeploymentStatus;
      try {
        status = await deploymentStatus({ db, version, databasePath: shown }, systemClock.now());
      } finally {
        await closeStore(db);
      }
      process.stdout.write(flags.json ? `${JSON.stringify(status, null, 2)}\n` : formatStatus(status));
      if (status.attention.length > 0) throw new CliFailure(`${status.attention.length} thing(s) need you`);
    });
}
