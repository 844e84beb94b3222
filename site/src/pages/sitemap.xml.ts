import type { APIRoute } from 'astro';
import { PUBLIC_PAGES, absoluteUrl } from '../lib/pages.ts';

/** The indexable public pages; payment and error pages are `noindex` and left out. */
export const GET: APIRoute = ({ site }) => {
  if (!site) throw new Error('astro.config `site` is required for the sitemap');
  const urls = Object.values(PUBLIC_PAGES)
    .map((page) => `  <url><loc>${absoluteUrl(page.path, site)}</loc></url>`)
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
