import { describe, expect, it } from 'vitest';
import { pathOf } from '../../src/http/http-request';

const request = (target: string) => ({ method: 'GET', url: `http://localhost${target}`, headers: new Headers(), body: null });

describe('pathOf', () => {
  // the fast path must hand back exactly what the URL parser would, whatever the client sent
  it.each([
    '/',
    '/api/v1/leagues/L1/leaderboard?limit=10',
    '/assets/app.3f2a.js',
    '/api/v1/leagues/by-code/AB_C~D-E',
    '/api/v1/./leagues',
    '/api/v1/leagues/../../internal/v1/scoring-inputs',
    '/api/v1/leagues/%2e%2e/x',
    '/api/v1/leagues/.',
    '/.well-known/x',
    '/a\\b',
    '/a b',
    '/é',
    '/a#fragment',
    '/a?b/../c',
    '//double//slashes/',
    '/a/..',
  ])('%s', (target) => {
    expect(pathOf(request(target))).toBe(new URL(`http://localhost${target}`).pathname);
  });
});
