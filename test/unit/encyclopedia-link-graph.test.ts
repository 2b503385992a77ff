import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, type Config } from '../../src/platform/config';
import { UpstreamError } from '../../src/upstream/http-client';
import { createEncyclopediaClient } from '../../src/upstream/encyclopedia';
import { startFakeEncyclopedia, type FakeEncyclopedia } from '../fakes/encyclopedia';

let fake: FakeEncyclopedia;
let config: Config;

const client = () => createEncyclopediaClient(config, { sleep: async () => undefined });
const linkRequests = () => fake.requests.filter((r) => r.route === 'links');
const asObject = (graph: Map<string, Set<string>>) =>
  Object.fromEntries([...graph].map(([source, targets]) => [source, [...targets].sort()]));

beforeAll(async () => {
  fake = await startFakeEncyclopedia({ today: '2026-05-10', linkPageSize: 3 });
  config = parseConfig({
    encyclopedia: { metricsUrl: fake.metricsUrl, siteUrl: fake.siteUrl, metaUrl: fake.metaUrl, userAgent: 'Test/1.0 (test@example.org)' },
  });
});

afterEach(() => {
  fake.faults.clear();
  fake.resetCounters();
});

afterAll(async () => {
  await fake.close();
});

describe('linkGraph (W5 shape B)', () => {
  it('drains every continuation, so a hub spread over many pages is complete', async () => {
    const graph = await client().linkGraph('en', [
      'Lionel_Messi',
      'Cristiano Ronaldo',
      'FC Barcelona',
      'Argentina national football team',
      'Ballon d\'Or',
      'Real Madrid CF',
      'Spain',
      ' Lionel  Messi ', // the same key again: deduplicated
    ]);
    expect(asObject(graph)).toEqual({
      'Argentina national football team': ['Lionel Messi'],
      'Ballon d\'Or': ['Cristiano Ronaldo', 'Lionel Messi'],
      'Cristiano Ronaldo': ['Ballon d\'Or', 'Real Madrid CF'],
      'FC Barcelona': ['Lionel Messi', 'Spain'],
      'Lionel Messi': ['Argentina national football team', 'Ballon d\'Or', 'Cristiano Ronaldo', 'FC Barcelona'],
      'Real Madrid CF': ['Cristiano Ronaldo', 'Spain'],
      Spain: [],
    });
    const requests = linkRequests();
    expect(requests.length).toBeGreaterThan(3);
    for (const followUp of requests.slice(1)) {
      // every key of `continue` goes back, not only plcontinue
      expect(followUp.params.plcontinue).toBeDefined();
      expect(followUp.params.continue).toBe('||');
    }
    expect(requests[0].params).toMatchObject({ action: 'query', prop: 'links', redirects: '1', pllimit: 'max', format: 'json', formatversion: '2' });
  });

  it('maps redirecting and loosely written sources back to the keys asked for', async () => {
    fake.data.setLinks('en', 'Wikipedia:Citation needed', ['Lionel Messi']);
    const graph = await client().linkGraph('en', ['Messi', 'CR7', 'real_Madrid_CF', 'WP:Citation_needed', 'No Such Article']);
    expect(asObject(graph)).toEqual({
      // Messi → Lionel Messi, which links to Cristiano Ronaldo, not to the redirect CR7
      Messi: ['WP:Citation needed'],
      // CR7 → Cristiano Ronaldo, which links to "Messi" as written
      CR7: ['Messi', 'Real Madrid CF'],
      // it links to "Cristiano Ronaldo"; link targets are not resolved through redirects (W5)
      'Real Madrid CF': [],
      // upstream normalizes the alias to Wikipedia:…; the graph keeps the key asked for
      'WP:Citation needed': [],
      'No Such Article': [],
    });
    const first = linkRequests()[0];
    expect(first.params.titles).toBe('CR7|Messi|No Such Article|Real Madrid CF|WP:Citation needed');
  });

  it('splits more than 50 titles into blocks of at most 50 sources x 50 targets', async () => {
    const titles = Array.from({ length: 60 }, (_, i) => `Chain page ${String(i).padStart(2, '0')}`);
    for (let i = 0; i < titles.length; i++) {
      fake.data.setLinks('en', titles[i], [titles[(i + 1) % titles.length], titles[(i + 55) % titles.length], 'Outside the set']);
    }
    const graph = await client().linkGraph('en', titles);
    expect(graph.size).toBe(60);
    for (let i = 0; i < titles.length; i++) {
      expect([...graph.get(titles[i])!].sort()).toEqual([titles[(i + 1) % 60], titles[(i + 55) % 60]].sort());
    }
    const requests = linkRequests();
    for (const request of requests) {
      expect(request.params.titles.split('|').length).toBeLessThanOrEqual(50);
      expect(request.params.pltitles.split('|').length).toBeLessThanOrEqual(50);
    }
    // 2 source blocks x 2 target blocks
    const blocks = new Set(requests.map((r) => `${r.params.titles.split('|')[0]}>${r.params.pltitles.split('|')[0]}`));
    expect(blocks.size).toBe(4);
  });

  it('makes no call for an empty set', async () => {
    expect((await client().linkGraph('en', [' ', ''])).size).toBe(0);
    expect(fake.requests).toHaveLength(0);
  });

  it('fails on an Action API error rather than answering "no links"', async () => {
    fake.faults.malformed('links', { error: { code: 'internal_api_error_DBQueryError', info: 'Database query error.' } });
    const error = await client()
      .linkGraph('en', ['Lionel Messi', 'FC Barcelona'])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).kind).toBe('api');
  });

  it('rejects a links answer without a query member', async () => {
    fake.faults.malformed('links', { batchcomplete: true });
    const error = await client()
      .linkGraph('en', ['Lionel Messi'])
      .catch((e: unknown) => e);
    expect((error as UpstreamError).kind).toBe('invalid');
  });
});
