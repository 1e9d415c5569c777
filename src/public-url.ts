// The site's public address (`PUBLIC_URL`), the only source of absolute URLs: canonical links, preview
// images, feeds, sitemaps. Never the request's Host header, which a client chooses: a page cached with
// a Host-derived link would send every later reader's preview elsewhere.

import { z } from 'zod';

/** `https://rada.example.org` or `https://example.org/rada` (no trailing slash), or null when not configured. */
export type PublicUrl = string | null;

/**
 * The `PUBLIC_URL` setting: empty for none; otherwise an http(s) URL without credentials, query or
 * fragment, normalised without its trailing slash. (src/config.ts adds it as a key.)
 */
export const publicUrlSchema = z
  .string()
  .trim()
  .default('')
  .transform((value, ctx): PublicUrl => {
    if (value === '') return null;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be an absolute http(s) URL such as https://rada.example.org' });
      return z.NEVER;
    }
    const problem = !/^https?:$/.test(url.protocol)
      ? 'must start with http:// or https://'
      : url.username || url.password
        ? 'must not hold a user name or password'
        : url.search || url.hash || value.includes('?') || value.includes('#')
          ? 'must not hold a query or a fragment'
          : undefined;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  });

/** An absolute URL of a site path (`/glosowania/7`) under the public address. */
export const absoluteUrl = (base: string, path: string): string => `${base}${path}`;
