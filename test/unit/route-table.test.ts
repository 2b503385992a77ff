import { describe, expect, it } from 'vitest';
import { RouteTable } from '../../src/http/route-table';

const table = new RouteTable<string>();
for (const [method, path] of [
  ['GET', '/'],
  ['GET', '/api/v1/leagues'],
  ['GET', '/api/v1/leagues/:id'],
  ['GET', '/api/v1/leagues/global'],
  ['GET', '/api/v1/leagues/by-code/:code'],
  ['GET', '/api/v1/leagues/by-code/*'],
  ['POST', '/api/v1/leagues/:id/my-team'],
  ['POST', '/api/v1/leagues/:id/my-contracts/:contractId/sell'],
] as const) {
  table.add(method, path, `${method} ${path}`);
}

describe('RouteTable.match', () => {
  it.each([
    ['GET', '/', '/', {}],
    ['GET', '/api/v1/leagues/L1', '/api/v1/leagues/:id', { id: 'L1' }],
    ['GET', '/api/v1/leagues/global', '/api/v1/leagues/global', {}],
    ['HEAD', '/api/v1/leagues/global', '/api/v1/leagues/global', {}],
    ['GET', '/api/v1/leagues/by-code/PXR3C', '/api/v1/leagues/by-code/:code', { code: 'PXR3C' }],
    ['GET', '/api/v1/leagues/by-code/a/b', '/api/v1/leagues/by-code/*', { '*': 'a/b' }],
    ['GET', '/api/v1/leagues/by-code/', '/api/v1/leagues/by-code/*', { '*': '' }],
    ['GET', '/api/v1/leagues/', '/api/v1/leagues', {}],
    ['GET', '/api/v1/leagues/L1/', '/api/v1/leagues/:id', { id: 'L1' }],
    ['POST', '/api/v1/leagues/L1/my-team', '/api/v1/leagues/:id/my-team', { id: 'L1' }],
    ['POST', '/api/v1/leagues/L%201/my-contracts/a%2Fb/sell', '/api/v1/leagues/:id/my-contracts/:contractId/sell', { id: 'L 1', contractId: 'a/b' }],
    ['POST', '/api/v1/leagues/L1/my-contracts/%ZZ/sell', '/api/v1/leagues/:id/my-contracts/:contractId/sell', { id: 'L1', contractId: '%ZZ' }],
  ])('%s %s reaches %s with %j', (method, path, template, params) => {
    const found = table.match(method, path);
    expect(found?.template).toBe(template);
    expect(found?.params).toEqual(params);
    expect(found?.target).toBe(`${method === 'HEAD' ? 'GET' : method} ${template}`);
  });

  it.each([
    ['GET', '/api/v1//leagues/by-code/PXR3C'],
    ['GET', '/api//v1/leagues/by-code/PXR3C'],
    ['GET', '/api/v1/Leagues/by-code/PXR3C'],
    ['GET', '/api/v1/leagues/by%2Dcode/PXR3C/x'],
    ['GET', '/api/v1/leagues//'],
    ['DELETE', '/api/v1/leagues/L1'],
    ['POST', '/api/v1/leagues//my-team'],
  ])('%s %s matches no template, so nothing of the path is named', (method, path) => {
    expect(table.match(method, path)).toBeUndefined();
  });
});
