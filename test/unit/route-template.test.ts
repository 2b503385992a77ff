import { describe, expect, it } from 'vitest';
import { routeNamer, UNMATCHED_ROUTE } from '../../src/http/route-template';

const name = routeNamer([
  { method: 'GET', path: '/api/v1/leagues/:id' },
  { method: 'GET', path: '/api/v1/leagues/global' },
  { method: 'GET', path: '/api/v1/leagues/by-code/:code' },
  { method: 'POST', path: '/api/v1/leagues/:id/my-team' },
]);

describe('routeNamer', () => {
  it.each([
    ['GET', '/api/v1/leagues/L1', '/api/v1/leagues/:id'],
    ['GET', '/api/v1/leagues/global', '/api/v1/leagues/global'],
    ['HEAD', '/api/v1/leagues/global', '/api/v1/leagues/global'],
    ['GET', '/api/v1/leagues/by-code/PXR3C', '/api/v1/leagues/by-code/:code'],
    ['POST', '/api/v1/leagues/L1/my-team', '/api/v1/leagues/:id/my-team'],
  ])('%s %s is %s', (method, path, template) => {
    expect(name(method, path)).toBe(template);
  });

  it.each([
    ['GET', '/api/v1//leagues/by-code/PXR3C'],
    ['GET', '/api//v1/leagues/by-code/PXR3C'],
    ['GET', '/api/v1/Leagues/by-code/PXR3C'],
    ['GET', '/api/v1/leagues/by%2Dcode/PXR3C'],
    ['GET', '/api/v1/leagues/'],
    ['DELETE', '/api/v1/leagues/L1'],
  ])('%s %s matches no template, so nothing of the path is named', (method, path) => {
    expect(name(method, path)).toBe(UNMATCHED_ROUTE);
  });
});
