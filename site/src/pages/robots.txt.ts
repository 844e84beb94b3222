import type { APIRoute } from 'astro';
import { absoluteUrl } from '../lib/pages.ts';

/** The portal and the API are for signed-in people and programs, not for search engines. */
export const GET: APIRoute = ({ site }) => {
  if (!site) throw new Error('astro.config `site` is required for robots.txt');
  const lines = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /login',
    'Disallow: /dashboard',
    'Disallow: /details',
    'Disallow: /meetinghistory',
    'Disallow: /meetings',
    'Disallow: /admin/',
    'Disallow: /make-payment/',
    '',
    `Sitemap: ${absoluteUrl('/sitemap.xml', site)}`,
    '',
  ];
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
