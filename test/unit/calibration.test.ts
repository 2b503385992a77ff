import { describe, expect, it } from 'vitest';
import {
  contentFilter,
  englishFallbackFilter,
  languageScaleFactor,
  measureEdition,
  median,
  type EditionMeasure,
  type TopRow,
} from '../../src/domain/calibration';

describe('median (§0)', () => {
  it('odd count → middle, even → mean of the two middle, empty → undefined', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeUndefined();
  });

  it('sorts numerically, not as strings', () => {
    expect(median([10, 9, 100])).toBe(10);
  });

  it('does not reorder its input', () => {
    const input = [3, 1, 2];
    median(input);
    expect(input).toEqual([3, 1, 2]);
  });
});

describe('content filter (§1.3 step 1, W6)', () => {
  // The W6 example of external-apis.md (it.wikipedia).
  const isContent = contentFilter({
    mainPage: 'Pagina principale',
    namespaces: [
      { id: -1, name: 'Speciale', canonical: 'Special' },
      { id: 0, name: '' },
      { id: 5, name: 'Discussioni Wikipedia', canonical: 'Project talk' },
      { id: 14, name: 'Categoria', canonical: 'Category' },
    ],
    aliases: [
      { id: 4, alias: 'WP' },
      { id: 6, alias: 'Immagine' },
    ],
  });

  it.each(['Speciale:Ricerca', 'Special:Search', 'Discussioni_Wikipedia:Bar', 'Project_talk:X', 'Categoria:Storia', 'Category:X', 'WP:Bar', 'Immagine:X.jpg', 'Pagina_principale', '-'])(
    '%s is not content',
    (title) => {
      expect(isContent(title)).toBe(false);
    },
  );

  it.each(['Leonardo_da_Vinci', 'Speciale', 'Categorial_data', 'WPA', 'Pagina_principale_(film)'])('%s is content', (title) => {
    expect(isContent(title)).toBe(true);
  });

  it('the English fallback drops its seven prefixes, Main_Page and -', () => {
    for (const title of ['Special:Search', 'Wikipedia:About', 'Portal:Arts', 'Template:X', 'Help:Y', 'Category:Z', 'File:A.png', 'Main_Page', '-']) {
      expect(englishFallbackFilter(title)).toBe(false);
    }
    expect(englishFallbackFilter('Taylor_Swift')).toBe(true);
    expect(englishFallbackFilter('Talk:Taylor_Swift')).toBe(true); // not in the fallback list
  });
});

const all = () => true;

describe('measureEdition (§1.3 steps 2–4, 6)', () => {
  it('divides totals by the number of present days, not the days a title appeared', () => {
    const days: (TopRow[] | null)[] = [
      [
        { article: 'A', views: 100 },
        { article: 'B', views: 60 },
      ],
      null,
      [{ article: 'A', views: 200 }],
      [], // an empty list counts as absent
    ];
    const measure = measureEdition(days, all);
    expect(measure.presentDays).toBe(2);
    expect(measure.ranked).toEqual([
      { title: 'A', avg: 150 },
      { title: 'B', avg: 30 },
    ]);
  });

  it('qualifyingRanks = round(median of the daily counts of content rows with ≥ 50 views)', () => {
    const day = (n: number, views: number) => Array.from({ length: n }, (_, i) => ({ article: `T${i}`, views }));
    const days = [
      [...day(3, 50), { article: 'Low', views: 49 }], // 3
      day(4, 80), // 4
      null,
      [...day(2, 500), { article: 'Special:X', views: 999 }], // 2 (Special: is filtered)
      day(6, 51), // 6
    ];
    const measure = measureEdition(days, englishFallbackFilter);
    // counts 3, 4, 2, 6 → sorted 2, 3, 4, 6 → median 3.5 → round 4
    expect(measure.qualifyingRanks).toBe(4);
    expect(measure.ranked.some((r) => r.title === 'Special:X')).toBe(false);
  });

  it('an empty window has no present days', () => {
    expect(measureEdition([null, null], all)).toEqual({ presentDays: 0, qualifyingRanks: 0, ranked: [] });
  });
});

function edition(avgs: number[], qualifyingRanks = 400, presentDays = 30): EditionMeasure {
  return { presentDays, qualifyingRanks, ranked: avgs.map((avg, i) => ({ title: `T${i}`, avg })) };
}

describe('languageScaleFactor (§1.3 steps 5, 8)', () => {
  it('is the median of rank-matched en / target ratios', () => {
    const en = edition([1000, 800, 600, 100]);
    const target = edition([100, 100, 20]);
    // n = 3; ratios 10, 8, 30 → median 10
    expect(languageScaleFactor(target, en)).toEqual({ ok: true, scale: 10, sampleSize: 3, qualifyingRanks: 400 });
  });

  it('skips target ranks with zero views but still reports n as the sample size', () => {
    const en = edition([1000, 800, 600, 400]);
    const target = edition([100, 100, 0, 0]);
    // ratios 10, 8 → 9
    expect(languageScaleFactor(target, en)).toEqual({ ok: true, scale: 9, sampleSize: 4, qualifyingRanks: 400 });
  });

  it('compares at most 500 ranks', () => {
    const en = edition(Array.from({ length: 600 }, (_, i) => (i < 500 ? 20 : 1)));
    const target = edition(Array(600).fill(2));
    const result = languageScaleFactor(target, en);
    expect(result).toEqual({ ok: true, scale: 10, sampleSize: 500, qualifyingRanks: 400 });
  });

  it('refuses an edition under the floor of 300 qualifying ranks (299 fails, 300 passes)', () => {
    const en = edition([100]);
    expect(languageScaleFactor(edition([10], 299), en)).toEqual({ ok: false, reason: 'CALIBRATION_BELOW_FLOOR' });
    expect(languageScaleFactor(edition([10], 300), en)).toEqual({ ok: true, scale: 10, sampleSize: 1, qualifyingRanks: 300 });
  });

  it('is unavailable without any present day (before the floor is looked at)', () => {
    expect(languageScaleFactor(edition([], 0, 0), edition([100]))).toEqual({ ok: false, reason: 'CALIBRATION_UNAVAILABLE' });
    expect(languageScaleFactor(edition([10]), edition([], 0, 0))).toEqual({ ok: false, reason: 'CALIBRATION_UNAVAILABLE' });
  });

  it('holds the target to the floor before it needs en (§1.3 steps 5 then 7)', () => {
    expect(languageScaleFactor(edition([10], 299), edition([], 0, 0))).toEqual({ ok: false, reason: 'CALIBRATION_BELOW_FLOOR' });
  });

  it('is unavailable without ratios or with a non-positive median', () => {
    expect(languageScaleFactor(edition([0, 0]), edition([100, 50]))).toEqual({ ok: false, reason: 'CALIBRATION_UNAVAILABLE' });
    expect(languageScaleFactor(edition([10]), edition([0]))).toEqual({ ok: false, reason: 'CALIBRATION_UNAVAILABLE' });
    expect(languageScaleFactor(edition([]), edition([100]))).toEqual({ ok: false, reason: 'CALIBRATION_UNAVAILABLE' });
  });

  it('works end to end from top lists', () => {
    const list = (scale: number) =>
      Array.from({ length: 320 }, (_, i) => ({ article: `Article_${i}`, views: (1000 - i) * scale }));
    const target = measureEdition(Array.from({ length: 30 }, (_, d) => (d % 7 === 0 ? null : list(1))), all);
    const en = measureEdition(Array.from({ length: 30 }, () => list(12)), all);
    expect(target.qualifyingRanks).toBe(320);
    const result = languageScaleFactor(target, en);
    expect(result.ok && result.scale).toBe(12);
    expect(result.ok && result.sampleSize).toBe(320);
  });
});
