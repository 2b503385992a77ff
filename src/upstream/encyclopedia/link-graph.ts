/** Blocks of ≤ 50 sources × ≤ 50 targets (the Action API refuses more); each drains its continuation, as `pllimit=max` caps rows across pages. */
import { comparisonKey } from '../../domain/titles';
import { UpstreamError } from '../http-client';
import { UPSTREAM_NAME } from './encyclopedia-transport';
import type { linksBody } from './wire-schemas';
import type { z } from 'zod';

export const TITLES_PER_REQUEST = 50;
/** A block whose continuation never ends is an upstream fault, not a reason to loop forever. */
const MAX_PAGES_PER_BLOCK = 1000;

export type LinksPage = z.output<typeof linksBody>;
export type FetchLinksPage = (sources: string[], targets: string[], resume: Record<string, string>) => Promise<LinksPage>;

/** Sorted so that blocks (and request logs) are stable. */
export function graphKeys(titles: readonly string[]): string[] {
  return [...new Set(titles.map(comparisonKey).filter((key) => key !== ''))].sort();
}

export function inBlocks<T>(items: readonly T[], size = TITLES_PER_REQUEST): T[][] {
  const blocks: T[][] = [];
  for (let i = 0; i < items.length; i += size) blocks.push(items.slice(i, i + size));
  return blocks;
}

interface BlockResult {
  linksBySource: Map<string, Set<string>>;
  sentAs: Map<string, string>;
}

export async function fetchLinkGraph(titles: readonly string[], fetchPage: FetchLinksPage): Promise<Map<string, Set<string>>> {
  const keys = graphKeys(titles);
  const graph = new Map(keys.map((key) => [key, new Set<string>()]));
  const blocks = inBlocks(keys);
  // the shared limiter paces the blocks
  const results = await Promise.all(
    blocks.flatMap((sources) => blocks.map((targets) => fetchBlock(sources, targets, fetchPage))),
  );
  const sentAs = new Map<string, string>();
  for (const result of results) for (const [upstream, sent] of result.sentAs) sentAs.set(upstream, sent);
  const known = new Set(keys);
  // A link title is the target's normalized spelling; map it back to the key we asked for.
  const toKey = (title: string) => {
    const key = comparisonKey(title);
    return known.has(key) ? key : comparisonKey(sentAs.get(title) ?? title);
  };
  for (const result of results) {
    for (const [source, targets] of result.linksBySource) {
      const edges = graph.get(source);
      if (!edges) continue;
      for (const target of targets) {
        const key = toKey(target);
        if (known.has(key)) edges.add(key);
      }
    }
  }
  return graph;
}

async function fetchBlock(sources: string[], targets: string[], fetchPage: FetchLinksPage): Promise<BlockResult> {
  const normalized = new Map<string, string>();
  const redirects = new Map<string, string>();
  const linksByPage = new Map<string, Set<string>>();
  let resume: Record<string, string> = {};
  for (let page = 0; ; page++) {
    if (page === MAX_PAGES_PER_BLOCK) {
      throw new UpstreamError(UPSTREAM_NAME, 'invalid', undefined, 'links: continuation does not end');
    }
    const body = await fetchPage(sources, targets, resume);
    for (const { from, to } of body.query.normalized ?? []) normalized.set(from, to);
    for (const { from, to } of body.query.redirects ?? []) redirects.set(from, to);
    for (const entry of body.query.pages) {
      if (entry.missing || entry.invalid) continue;
      let links = linksByPage.get(entry.title);
      if (!links) linksByPage.set(entry.title, (links = new Set()));
      for (const link of entry.links ?? []) links.add(link.title);
    }
    if (!body.continue) break;
    // send back every key: `continue` itself matters once generators are involved
    resume = Object.fromEntries(Object.entries(body.continue).map(([key, value]) => [key, String(value)]));
  }
  const linksBySource = new Map<string, Set<string>>();
  const sentAs = new Map<string, string>();
  for (const source of sources) {
    const spelled = normalized.get(source) ?? source;
    if (spelled !== source) sentAs.set(spelled, source);
    const page = redirects.get(spelled) ?? spelled;
    linksBySource.set(source, linksByPage.get(page) ?? new Set());
  }
  return { linksBySource, sentAs };
}
