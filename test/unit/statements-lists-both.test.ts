/**
 * The statements over many values (src/platform/db/lists.ts, plans.ts) answer the same on SQLite
 * and on PostgreSQL: a list bound as one parameter, rows read as a table, a write run for each
 * row of a set (row by row on one engine, once for the set on the other) touching the same rows.
 */
import { describe, expect, it } from 'vitest';
import { type Database, writeTransaction } from '../../src/platform/db/database';
import { boundList, jsonArrayOf, rowsTable, runForEachRow, selectHotRows, selectRows } from '../../src/platform/db/statements';
import { ENGINES, useBothStores } from '../support/both-stores';

const stores = useBothStores();

const scalesOf = (db: Database) =>
  selectRows<{ domain: string; scale: number; ranks: number; measuredAt: string }>(
    db,
    `SELECT domain, scale, qualifying_ranks AS ranks, measured_at AS "measuredAt" FROM language_scales WHERE domain LIKE 'x%' ORDER BY domain`,
  );

const UPSERT_SCALE = `INSERT INTO language_scales (domain, scale, measured_at, qualifying_ranks, sample_size) VALUES (?, ?, ?, ?, ?)
  ON CONFLICT (domain) DO UPDATE SET scale = excluded.scale, measured_at = excluded.measured_at`;

describe.each(ENGINES)('on %s', (engine) => {
  it('writes each row of a set, a value all rows share included, and counts the rows touched', async () => {
    const db = await stores.fresh(engine);
    const rows = [
      ['xa', 0.1, 'day 1', 7, 100],
      ['xb', 0.30000000000000004, 'day 1', 7, 100],
      ['xc', 2.5, 'day 1', 8, 100],
    ];
    expect(await writeTransaction(db, (tx) => runForEachRow(tx, UPSERT_SCALE, ['text', 'float8', 'text', 'int', 'int'], rows))).toBe(3);
    // a set whose rows agree on every column but the first, and a set of one row
    await writeTransaction(db, (tx) => runForEachRow(tx, UPSERT_SCALE, ['text', 'float8', 'text', 'int', 'int'], [['xa', 9, 'day 2', 1, 1], ['xb', 9, 'day 2', 1, 1]]));
    await writeTransaction(db, (tx) => runForEachRow(tx, UPSERT_SCALE, ['text', 'float8', 'text', 'int', 'int'], [['xd', 4, 'day 3', 2, 2]]));
    expect(await scalesOf(db)).toEqual([
      { domain: 'xa', scale: 9, ranks: 7, measuredAt: 'day 2' },
      { domain: 'xb', scale: 9, ranks: 7, measuredAt: 'day 2' },
      { domain: 'xc', scale: 2.5, ranks: 8, measuredAt: 'day 1' },
      { domain: 'xd', scale: 4, ranks: 2, measuredAt: 'day 3' },
    ]);

    const guarded = await writeTransaction(db, (tx) =>
      runForEachRow(
        tx,
        'UPDATE language_scales SET scale = ?, measured_at = ? /*FROM each row*/ WHERE domain = ? AND qualifying_ranks = ?',
        ['float8', 'text', 'text', 'int'],
        [
          [0.5, 'day 4', 'xa', 7],
          [0.25, 'day 4', 'xc', 7], // the guard holds for no row: xc ranks 8
          [0.75, 'day 4', 'xd', 2],
        ],
      ),
    );
    expect(guarded).toBe(2);
    const copied = await writeTransaction(db, (tx) =>
      runForEachRow(
        tx,
        `INSERT INTO language_scales (domain, scale, measured_at, qualifying_ranks, sample_size)
         SELECT ?, s.scale, s.measured_at, s.qualifying_ranks, s.sample_size FROM language_scales s /*, each row*/ WHERE s.domain = ?`,
        ['text', 'text'],
        [
          ['xe', 'xa'],
          ['xf', 'nowhere'],
        ],
      ),
    );
    expect(copied).toBe(1);
    expect((await scalesOf(db)).map(({ domain, scale, measuredAt }) => [domain, scale, measuredAt])).toEqual([
      ['xa', 0.5, 'day 4'],
      ['xb', 9, 'day 2'],
      ['xc', 2.5, 'day 1'],
      ['xd', 0.75, 'day 4'],
      ['xe', 0.5, 'day 4'],
    ]);
    expect(await runForEachRow(db, UPSERT_SCALE, ['text', 'float8', 'text', 'int', 'int'], [])).toBe(0);
  });

  it('binds a list as one parameter, reads rows as a table, and runs a hot read with a list', async () => {
    const db = await stores.fresh(engine);
    await writeTransaction(db, (tx) =>
      runForEachRow(tx, UPSERT_SCALE, ['text', 'float8', 'text', 'int', 'int'], [['xa', 1, 'd', 1, 1], ['xb', 2, 'd', 2, 2], ["x'c", 3, 'd', 3, 3]]),
    );
    const inList = async (values: string[]) => {
      const list = boundList(db, values);
      return (await selectRows<{ domain: string }>(db, `SELECT domain FROM language_scales WHERE domain ${list.in} ORDER BY qualifying_ranks`, list.value)).map((row) => row.domain);
    };
    expect(await inList(['xb', "x'c", 'nowhere'])).toEqual(['xb', "x'c"]);
    expect(await inList([])).toEqual([]);
    const ranks = boundList(db, [1, 3], 'int');
    expect(await selectRows(db, `SELECT domain FROM language_scales WHERE qualifying_ranks ${ranks.in} ORDER BY qualifying_ranks`, ranks.value)).toEqual([
      { domain: 'xa' },
      { domain: "x'c" },
    ]);

    const wanted = rowsTable(db, 'w', { domain: 'text', label: 'text' }, [['xa', 'first'], ['xb', 'second'], ['nowhere', 'none']]);
    expect(
      await selectRows(db, `SELECT w.label, s.scale FROM ${wanted.from} JOIN language_scales s ON s.domain = w.domain ORDER BY w.label`, ...wanted.values),
    ).toEqual([
      { label: 'first', scale: 1 },
      { label: 'second', scale: 2 },
    ]);

    const list = boundList(db, ['xa', 'xb']);
    const hot = () => selectHotRows<{ n: number }>(db, 'test_scales_in', `SELECT CAST(count(*) AS INTEGER) AS n FROM language_scales WHERE domain ${list.in} AND scale > ?`, list.value, 1);
    expect(await hot()).toEqual([{ n: 1 }]);
    expect(await hot()).toEqual([{ n: 1 }]);
  });

  it('aggregates a group into a JSON array in the order asked, each double given back bit for bit', async () => {
    const db = await stores.fresh(engine);
    const scales = [0.1 + 0.2, 1e-300, 123456.78901234567, -2.5, 1 / 3];
    await writeTransaction(db, (tx) =>
      runForEachRow(tx, UPSERT_SCALE, ['text', 'float8', 'text', 'int', 'int'], scales.map((scale, i) => [`x${i}`, scale, 'd', scales.length - i, 1])),
    );
    const [row] = await selectRows<{ scales: string }>(db, `SELECT ${jsonArrayOf(db, 'scale', 'qualifying_ranks')} AS scales FROM language_scales WHERE domain LIKE 'x%'`);
    expect(JSON.parse(row!.scales)).toEqual([...scales].reverse());
  });
});
