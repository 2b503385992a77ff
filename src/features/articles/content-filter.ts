/** The English fallback must not be cached as the edition's filter: `cacheable` says which one the caller got. */
import { contentFilter, englishFallbackFilter, type ContentFilter } from '../../domain/calibration';
import type { Logger } from '../../platform/log';
import { UpstreamError } from '../../upstream/http-client';
import type { EncyclopediaClient, SiteInfo } from '../../upstream/encyclopedia';

export async function editionContentFilter(
  encyclopedia: EncyclopediaClient,
  log: Logger,
  domain: string,
): Promise<{ isContent: ContentFilter; cacheable: boolean }> {
  let info: SiteInfo;
  try {
    info = await encyclopedia.siteInfo(domain);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    log.warn('siteinfo unavailable, English fallback filter', { domain, upstreamError: error.message });
    return { isContent: englishFallbackFilter, cacheable: false };
  }
  return { isContent: siteContentFilter(info), cacheable: true };
}

/** The client hands back names suffixed with `:`; the domain rule builds the prefixes from bare names, so strip it. */
export function siteContentFilter(info: SiteInfo): ContentFilter {
  return contentFilter({
    namespaces: info.namespaceNames.map((name) => ({ id: -1, name: name.endsWith(':') ? name.slice(0, -1) : name })),
    aliases: [],
    mainPage: info.mainPage,
  });
}
