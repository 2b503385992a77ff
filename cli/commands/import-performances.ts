import fs from 'node:fs';
import type { Command } from 'commander';
import { Failure } from '../../src/domain/errors';
import { refusalCode } from '../../src/platform/http/wire/refusal-code';
import { openRuntime } from '../../src/platform/runtime';
import { type PerformanceIngest, PerformanceIngestSchema } from '../../src/features/scoring/wire';
import { CliFailure, configFor, operatorLog } from '../config-option';
import { progressReporter } from '../progress';

/**
 * A file holds one JSON document (an ingest body, or an array of them) or one ingest body
 * per line (JSON lines, blank lines ignored). Each body is checked as the endpoint checks it.
 */
export function readIngestBodies(file: string): PerformanceIngest[] {
  return readJsonDocuments(file).map((body, index) => ingestBody(body, `${file}: body ${index + 1}`));
}

function readJsonDocuments(file: string): unknown[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliFailure(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    const whole: unknown = JSON.parse(text);
    return Array.isArray(whole) ? whole : [whole];
  } catch {
    // not one document: read it as JSON lines
  }
  const bodies: unknown[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      bodies.push(JSON.parse(line));
    } catch {
      throw new CliFailure(`${file}:${index + 1}: not JSON`);
    }
  });
  if (bodies.length === 0) throw new CliFailure(`${file}: no ingest body`);
  return bodies;
}

/** The endpoint's schema and constants; the detail (which body, row and field) helps an operator. */
function ingestBody(body: unknown, where: string): PerformanceIngest {
  const result = PerformanceIngestSchema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.length > 0 ? ` ${issue.path.join('.')}:` : '';
  throw new CliFailure(`nothing written: ${refusalCode(result.error.issues, 'INGEST_INVALID')}: ${where}:${field} ${issue.message}`);
}

/**
 * `fantasy import-performances FILE...`: the same validation and effect as
 * `POST /internal/v1/performances`, through the same service. Every body of every file is
 * checked before the first row is written.
 */
export function registerImportPerformances(program: Command): void {
  program
    .command('import-performances')
    .description('ingest scoring-engine results from JSON or JSON-lines files (same rules as the endpoint)')
    .argument('<files...>', 'files holding PerformanceIngest bodies')
    .option('--database <file>', 'SQLite file')
    .action(async (files: string[], flags: { database?: string }, command: Command) => {
      const config = configFor(command, flags, 'postgres-too');
      const bodies = files.flatMap(readIngestBodies);
      const { log, secrets } = operatorLog(config);
      const runtime = await openRuntime(config, { log, secrets });
      try {
        const { ctx } = runtime;
        const progress = progressReporter('import-performances', 'rows', { log });
        const { written } = await ctx.services.ingest.ingestAll(bodies, { onProgress: progress.update });
        await ctx.services.ingest.writeRanks();
        progress.finish();
        process.stdout.write(`${written} performances written\n`);
      } catch (error) {
        // the detail (which row, which team) helps an operator; it holds no secret
        if (error instanceof Failure) throw new CliFailure(`nothing written: ${error.message}`);
        throw error;
      } finally {
        await runtime.close();
      }
    });
}
