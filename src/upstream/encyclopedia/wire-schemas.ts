/** Checked so a changed upstream shape fails loudly ('invalid') instead of reading as "no data"; unknown members pass through. */
import { z } from 'zod';

const views = z.number().int().nonnegative();

export const perArticleBody = z.object({
  items: z.array(
    z.object({
      timestamp: z.string().regex(/^\d{10}$/, 'timestamp must be YYYYMMDDHH'),
      views,
    }),
  ),
});

export const topBody = z.object({
  items: z.array(
    z.object({
      articles: z.array(z.object({ article: z.string(), views, rank: z.number().int().positive() })),
    }),
  ),
});

/** Continuation values are echoed back verbatim; MediaWiki writes them as strings, rarely numbers. */
const continuation = z.record(z.string(), z.union([z.string(), z.number()]));

export const linksBody = z.object({
  continue: continuation.optional(),
  query: z.object({
    normalized: z.array(z.object({ from: z.string(), to: z.string() })).optional(),
    redirects: z.array(z.object({ from: z.string(), to: z.string() })).optional(),
    pages: z
      .array(
        z.object({
          title: z.string(),
          missing: z.boolean().optional(),
          invalid: z.boolean().optional(),
          links: z.array(z.object({ ns: z.number().int(), title: z.string() })).optional(),
        }),
      )
      .default([]),
  }),
});

export const siteInfoBody = z.object({
  query: z.object({
    general: z.object({ mainpage: z.string().min(1) }),
    namespaces: z.record(
      z.string(),
      z.object({ id: z.number().int(), name: z.string(), canonical: z.string().optional() }),
    ),
    namespacealiases: z.array(z.object({ id: z.number().int(), alias: z.string() })).default([]),
  }),
});

/** W7: the matrix mixes language groups (numeric keys) with `count` and `specials`. */
export const sitematrixBody = z.object({
  continue: continuation.optional(),
  sitematrix: z.record(z.string(), z.unknown()),
});

export const sitematrixGroup = z.object({
  code: z.string().min(1),
  name: z.string().optional(),
  localname: z.string().optional(),
  site: z
    .array(
      z.object({
        url: z.string(),
        code: z.string(),
        // formatversion=2 writes `true`; formatversion=1 marks a closed site with ""
        closed: z.union([z.boolean(), z.literal('')]).optional(),
      }),
    )
    .default([]),
});

/** W8: `title` and `extract` are read by every client; the rest may be absent. */
export const summaryBody = z.object({
  type: z.string().default('standard'),
  title: z.string(),
  titles: z.object({ canonical: z.string() }).optional(),
  description: z.string().nullish(),
  extract: z.string().default(''),
});

export const searchBody = z.object({
  pages: z.array(
    z.object({
      key: z.string(),
      title: z.string().nullish(),
      description: z.string().nullish(),
    }),
  ),
});

/** Action API failures arrive as HTTP 200 with this member (external-apis.md). */
export const actionApiError = z.object({
  error: z.object({ code: z.string().default('unknown'), info: z.string().default('') }),
});
