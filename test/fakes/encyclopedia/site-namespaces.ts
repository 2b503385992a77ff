/**
 * Namespace tables of the editions the fake knows by default, shaped like W6 with
 * formatversion=2. `kw` is small on purpose: its top lists fail the calibration floor.
 */

export interface FakeNamespace {
  id: number;
  name: string;
  canonical?: string;
}

export interface FakeAlias {
  id: number;
  alias: string;
}

export interface FakeSiteInfo {
  lang: string;
  sitename: string;
  mainPage: string;
  namespaces: FakeNamespace[];
  aliases: FakeAlias[];
}

/** The canonical (English) names MediaWiki gives every wiki. */
const CANONICAL: Record<number, string> = {
  [-2]: 'Media',
  [-1]: 'Special',
  1: 'Talk',
  2: 'User',
  3: 'User talk',
  4: 'Project',
  5: 'Project talk',
  6: 'File',
  7: 'File talk',
  8: 'MediaWiki',
  9: 'MediaWiki talk',
  10: 'Template',
  11: 'Template talk',
  12: 'Help',
  13: 'Help talk',
  14: 'Category',
  15: 'Category talk',
  100: 'Portal',
  101: 'Portal talk',
  118: 'Draft',
  119: 'Draft talk',
  828: 'Module',
  829: 'Module talk',
};

function table(local: Record<number, string>): FakeNamespace[] {
  const ids = [...new Set([...Object.keys(CANONICAL), ...Object.keys(local)].map(Number))].sort((a, b) => a - b);
  return [
    { id: 0, name: '' },
    ...ids.map((id) => ({ id, name: local[id] ?? CANONICAL[id], canonical: CANONICAL[id] })),
  ].sort((a, b) => a.id - b.id);
}

/** One edition: its local namespace names (over the canonical ones) and its aliases, alias → namespace id. */
function site(lang: string, sitename: string, mainPage: string, local: Record<number, string>, aliases: Record<string, number>): FakeSiteInfo {
  return { lang, sitename, mainPage, namespaces: table(local), aliases: Object.entries(aliases).map(([alias, id]) => ({ id, alias })) };
}

export function defaultSiteInfos(): Record<string, FakeSiteInfo> {
  return {
    en: site('en', 'Wikipedia', 'Main Page', { 4: 'Wikipedia', 5: 'Wikipedia talk' }, { WP: 4, WT: 5, Image: 6, 'Image talk': 7, CAT: 14, P: 100, T: 10, H: 12 }),
    it: site(
      'it',
      'Wikipedia',
      'Pagina principale',
      {
        [-1]: 'Speciale',
        1: 'Discussione',
        2: 'Utente',
        3: 'Discussioni utente',
        4: 'Wikipedia',
        5: 'Discussioni Wikipedia',
        7: 'Discussioni file',
        9: 'Discussioni MediaWiki',
        11: 'Discussioni template',
        12: 'Aiuto',
        13: 'Discussioni aiuto',
        14: 'Categoria',
        15: 'Discussioni categoria',
        100: 'Portale',
        101: 'Discussioni portale',
        102: 'Progetto',
        103: 'Discussioni progetto',
        828: 'Modulo',
        829: 'Discussioni modulo',
      },
      { WP: 4, Immagine: 6, 'Discussioni immagine': 7, P: 102 },
    ),
    kw: site(
      'kw',
      'Wikipedya',
      'Folen dre',
      { [-1]: 'Arbennek', 1: 'Keskows', 2: 'Devnydhyer', 6: 'Restren', 10: 'Skantlyn', 12: 'Gweres', 14: 'Klass' },
      { Imach: 6 },
    ),
  };
}

/** Used for an edition that only has link data set by a test. */
export function englishLikeSiteInfo(domain: string): FakeSiteInfo {
  return { ...defaultSiteInfos().en, lang: domain };
}
