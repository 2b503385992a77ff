import type { Command } from 'commander';
import { systemClock } from '../../src/platform/clock';
import { jsonLogger } from '../../src/platform/log';
import { openRuntime } from '../../src/platform/runtime';
import { countKeptReports, type KeptReport, keptReports } from '../../src/features/reports/store';
import { CliFailure, configFor } from '../config-option';

/** The terminal form: each report's number, when, category and title, then its text indented. */
export function formatReports(reports: KeptReport[], total: number): string {
  if (total === 0) return 'No problem reports kept here.\n';
  const lines = [`${total} problem report(s) kept here${reports.length < total ? `, the newest ${reports.length} shown` : ''}:`];
  for (const report of reports) {
    lines.push('', `#${report.id}  ${report.createdAt.slice(0, 16).replace('T', ' ')}Z  [${report.category}]  ${report.title}`);
    lines.push(...report.body.split('\n').map((line) => `    ${line}`));
    const diagnostics = Object.entries(report.diagnostics).map(([key, value]) => `${key}: ${value}`);
    lines.push(`    — player ${report.playerId}${report.contactConsent ? ', happy to be contacted' : ''}${diagnostics.length ? `; ${diagnostics.join('; ')}` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}

/** `fantasy reports`: the problem reports kept where no issue tracker is configured, newest first. */
export function registerReports(program: Command): void {
  program
    .command('reports')
    .description('list the problem reports players sent, kept here when no issue tracker is configured (newest first)')
    .option('--limit <n>', 'how many to show', '20')
    .option('--json', 'print them as one JSON array')
    .option('--database <file>', 'SQLite file')
    .action(async (flags: { limit: string; json?: boolean; database?: string }, command: Command) => {
      const limit = Number(flags.limit);
      if (!Number.isInteger(limit) || limit < 1) throw new CliFailure('--limit must be a whole number of at least 1');
      const config = configFor(command, flags, 'postgres-too');
      const runtime = await openRuntime(config, { log: jsonLogger((line) => process.stderr.write(`${line}\n`)), clock: systemClock });
      try {
        const { db } = runtime.ctx;
        const [reports, total] = await Promise.all([keptReports(db, limit), countKeptReports(db)]);
        process.stdout.write(flags.json ? `${JSON.stringify(reports, null, 2)}\n` : formatReports(reports, total));
      } finally {
        await runtime.close();
      }
    });
}
