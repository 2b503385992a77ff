/**
 * Generated defaults: a deterministic pageview world per edition (series and top lists
 * computed from the same function, so they agree), an edition matrix with the awkward
 * cases of W7, and a small link graph with redirects.
 */
import { addDays } from '../../../src/domain/dates';
import { hashOf, unitOf } from './deterministic';

export interface FakeSitematrixSite {
  url: string;
  dbname: string;
  code: string;
  sitename: string;
  closed?: boolean;
}

export interface FakeSitematrixGroup {
  code: string;
  name?: string;
  localname?: string;
  dir?: string;
  site: FakeSitematrixSite[];
}

function wiki(code: string, options: { closed?: boolean; project?: string; sitename?: string } = {}): FakeSitematrixSite {
  const project = options.project ?? 'wiki';
  const host = project === 'wiki' ? 'wikipedia' : project;
  return {
    url: `https://${code}.${host}.org`,
    dbname: `${code.replaceAll('-', '_')}${project}`,
    code: project,
    sitename: options.sitename ?? (project === 'wiki' ? 'Wikipedia' : project),
    ...(options.closed ? { closed: true } : {}),
  };
}

export function defaultSitematrix(): FakeSitematrixGroup[] {
  return [
    { code: 'aa', name: 'Qafár af', localname: 'Afar', dir: 'ltr', site: [wiki('aa', { closed: true })] },
    {
      code: 'ang',
      name: 'Ænglisc',
      localname: 'Old English',
      dir: 'ltr',
      // a language with a dictionary but no Wikipedia
      site: [wiki('ang', { project: 'wiktionary' })],
    },
    { code: 'de', name: 'Deutsch', localname: 'German', dir: 'ltr', site: [wiki('de'), wiki('de', { project: 'wiktionary' })] },
    { code: 'en', name: 'English', localname: 'English', dir: 'ltr', site: [wiki('en'), wiki('en', { project: 'wiktionary' })] },
    { code: 'it', name: 'italiano', localname: 'Italian', dir: 'ltr', site: [wiki('it'), wiki('it', { project: 'wiktionary' })] },
    { code: 'kw', name: 'kernowek', localname: 'Cornish', dir: 'ltr', site: [wiki('kw', { sitename: 'Wikipedya' })] },
    { code: 'mo', name: 'молдовеняскэ', localname: 'Moldovan', dir: 'ltr', site: [wiki('mo', { closed: true })] },
    // the group code and the wiki's subdomain differ
    { code: 'nb', name: 'norsk bokmål', localname: 'Norwegian Bokmål', dir: 'ltr', site: [{ ...wiki('no'), dbname: 'nowiki' }] },
    { code: 'zh-yue', name: '粵語', localname: 'Cantonese', dir: 'ltr', site: [wiki('zh-yue')] },
    // no names at all: clients fall back to the code
    { code: 'xal', dir: 'ltr', site: [wiki('xal')] },
  ];
}

export const DEFAULT_SPECIALS = [
  { url: 'https://commons.wikimedia.org', dbname: 'commonswiki', code: 'commons', lang: 'commons', sitename: 'Wikimedia Commons' },
  { url: 'https://meta.wikimedia.org', dbname: 'metawiki', code: 'meta', lang: 'meta', sitename: 'Meta-Wiki' },
];

/** How an edition's generated pageview world looks. */
interface PageviewWorld {
  /** article ids, most viewed first */
  titles: string[];
  /** title → position in `titles` */
  indexOf: Map<string, number>;
  /** views of the top title on an average day; the rest follow a power law */
  scale: number;
  /** rows that are not content (§1.8) with their typical views, listed in every top list */
  nonContent: [string, number][];
  /** a title's series starts this many days before `today` */
  historyDays: number;
}

const FAMOUS: Record<string, string[]> = {
  en: ['Taylor_Swift', 'Lionel_Messi', 'Cristiano_Ronaldo', 'AC/DC', 'Vasco_da_Gama', 'FC_Barcelona', 'Deaths_in_2026'],
  it: ['Lionel_Messi', 'Cristiano_Ronaldo', 'Vasco_da_Gama', 'AC/DC', 'Sanremo_2026', 'Juventus_FC'],
  kw: ['Kernow', 'Pysk', 'Tewynblustri'],
};

const GENERATED_STEM: Record<string, string> = { en: 'Sample_article', it: 'Voce_di_esempio', kw: 'Erthygel' };

const WORLDS: Record<string, Omit<PageviewWorld, 'titles' | 'indexOf'> & { size: number }> = {
  en: {
    size: 1_100,
    scale: 400_000,
    historyDays: 420,
    nonContent: [
      ['Main_Page', 5_000_000],
      ['Special:Search', 1_200_000],
      ['-', 98_000],
      ['Special:CreateAccount', 40_000],
      ['Wikipedia:Featured_pictures', 9_000],
      ['Portal:Current_events', 7_500],
      ['Help:Contents', 3_000],
      ['File:Example.jpg', 2_500],
      ['Category:Living_people', 2_000],
      ['Template:Cite_web', 900],
      ['User:Example', 700],
    ],
  },
  it: {
    size: 1_100,
    scale: 29_000,
    historyDays: 420,
    nonContent: [
      ['Pagina_principale', 400_000],
      ['Speciale:Ricerca', 90_000],
      ['-', 8_000],
      ['Special:Search', 6_000],
      ['Speciale:UltimeModifiche', 3_000],
      ['Wikipedia:Bar', 1_200],
      ['Portale:Calcio', 900],
      ['Categoria:Nati_nel_1990', 700],
      ['Aiuto:Sommario', 500],
      ['Discussioni_utente:Esempio', 300],
      ['File:Esempio.jpg', 250],
    ],
  },
  kw: {
    size: 140,
    scale: 420,
    historyDays: 420,
    nonContent: [
      ['Folen_dre', 900],
      ['Arbennek:Hwilas', 300],
      ['-', 40],
    ],
  },
};

const worldCache = new Map<string, PageviewWorld>();

function world(domain: string): PageviewWorld | null {
  const spec = WORLDS[domain];
  if (!spec) return null;
  let cached = worldCache.get(domain);
  if (!cached) {
    const famous = FAMOUS[domain] ?? [];
    const generated = Array.from({ length: spec.size - famous.length }, (_, i) => `${GENERATED_STEM[domain]}_${i + 1}`);
    const titles = [...famous, ...generated];
    cached = { ...spec, titles, indexOf: new Map(titles.map((title, i) => [title, i])) };
    worldCache.set(domain, cached);
  }
  return cached;
}

/** The editions with generated pageviews. */
export const GENERATED_DOMAINS = Object.keys(WORLDS);

/**
 * Views of a generated article on one day, or null for a day without a row. About one day
 * in 25 has no row, the gaps W1 warns about. Titles outside the world have no views.
 */
export function generatedViews(domain: string, article: string, date: string, today: string): number | null {
  const w = world(domain);
  if (!w) return null;
  const index = w.indexOf.get(article);
  if (index === undefined) return null;
  if (date < addDays(today, -w.historyDays) || date >= today) return null;
  if (hashOf('gap', domain, article, date) % 25 === 0) return null;
  const base = w.scale / (index + 1) ** 0.85;
  const noise = 0.8 + 0.4 * unitOf('noise', domain, article, date);
  return Math.max(1, Math.round(base * noise));
}

/** Every article id of the edition's generated world, most viewed first. */
export function generatedTitles(domain: string): readonly string[] {
  return world(domain)?.titles ?? [];
}

export function isGeneratedArticle(domain: string, article: string): boolean {
  return world(domain)?.indexOf.has(article) ?? false;
}

export function generatedHistoryStart(domain: string, today: string): string | null {
  const w = world(domain);
  return w ? addDays(today, -w.historyDays) : null;
}

/** The day's AQS top list: up to 1,000 rows, content and not, ranked by views. */
export function generatedTopList(domain: string, date: string, today: string): { article: string; views: number }[] | null {
  const w = world(domain);
  if (!w) return null;
  const rows: { article: string; views: number }[] = [];
  for (const [article, typical] of w.nonContent) {
    rows.push({ article, views: Math.round(typical * (0.9 + 0.2 * unitOf('nc', domain, article, date))) });
  }
  for (const article of w.titles) {
    const views = generatedViews(domain, article, date, today);
    if (views !== null) rows.push({ article, views });
  }
  rows.sort((a, b) => b.views - a.views || (a.article < b.article ? -1 : 1));
  return rows.slice(0, 1_000);
}

/** Days, relative to `today`, whose top list AQS "has not published" (calibration must skip them). */
export const DEFAULT_UNPUBLISHED_TOP_OFFSETS = [-6, -20];

export interface FakeLinkSite {
  /** page title (spaces) → titles it links to, as written */
  links: Record<string, string[]>;
  /** redirect title → target title */
  redirects: Record<string, string>;
}

export function defaultLinkSites(): Record<string, FakeLinkSite> {
  return {
    en: {
      links: {
        'Lionel Messi': [
          'Argentina national football team',
          'FC Barcelona',
          'Cristiano Ronaldo',
          'Paris Saint-Germain F.C.',
          'Inter Miami CF',
          'Ballon d\'Or',
          'Wikipedia:Citation needed',
          'Template:Infobox football biography',
        ],
        'Cristiano Ronaldo': [
          'Messi',
          'Real Madrid CF',
          'Manchester United F.C.',
          'Portugal national football team',
          'Ballon d\'Or',
          'Juventus FC',
        ],
        'FC Barcelona': ['Lionel Messi', 'Camp Nou', 'Spain', 'Johan Cruyff'],
        'Argentina national football team': ['Lionel Messi', 'Argentina', 'Diego Maradona'],
        'Real Madrid CF': ['Cristiano Ronaldo', 'Spain', 'Santiago Bernabéu Stadium'],
        'Taylor Swift': ['Travis Kelce', 'Grammy Award'],
        'AC/DC': ['Angus Young', 'Hard rock'],
        'Ballon d\'Or': ['Lionel Messi', 'Cristiano Ronaldo'],
        'Spain': [],
      },
      redirects: { Messi: 'Lionel Messi', CR7: 'Cristiano Ronaldo', 'Barça': 'FC Barcelona', 'Real Madrid': 'Real Madrid CF' },
    },
    it: {
      links: {
        'Lionel Messi': ['Argentina', 'FC Barcelona', 'Cristiano Ronaldo', 'Pallone d\'oro'],
        'Cristiano Ronaldo': ['Lionel Messi', 'Portogallo', 'Juventus FC', 'Pallone d\'oro'],
        'Vasco da Gama': ['Portogallo', 'India'],
        'Juventus FC': ['Cristiano Ronaldo', 'Torino'],
        Portogallo: [],
      },
      redirects: { Messi: 'Lionel Messi', CR7: 'Cristiano Ronaldo', Juve: 'Juventus FC' },
    },
  };
}
