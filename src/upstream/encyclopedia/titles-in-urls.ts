/** One AQS path segment: encodeURIComponent turns `/` into `%2F`, which keeps `AC/DC` a single segment. */
export function encodeTitleForPath(articleId: string): string {
  return encodeURIComponent(articleId).replaceAll('%20', '_');
}

/** The Action API takes a list as one `|`-joined value; a title can never hold `|`. */
export function joinTitles(titles: readonly string[]): string {
  return titles.join('|');
}
