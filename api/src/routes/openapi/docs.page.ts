import { createHash } from 'node:crypto';
import { api, API_BASE } from '@bh/shared/contract';
import type { JsonSchema, OpenApiDocument, OpenApiOperation, OpenApiParameter, OpenApiResponse } from './openapi.document.ts';

/** Where the machine-readable document is served. */
const DOCUMENT_PATH = `${API_BASE}${api.reference.openapi.path}`;

/**
 * The API reference at /api/docs, rendered on the server from the OpenAPI document: plain HTML
 * and one inline stylesheet allowed by its hash, no scripts at all, so it works offline and under
 * the strictest Content-Security-Policy.
 */

const STYLE = `
:root{color-scheme:light;--ink:#1d2733;--muted:#5b6775;--line:#dde3ea;--bg:#f6f8fa;--accent:#0b6e4f}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#fff}
header{padding:24px 32px;border-bottom:1px solid var(--line);background:var(--bg)}
header h1{margin:0 0 4px;font-size:24px}
header p{margin:4px 0;color:var(--muted);max-width:70rem}
.layout{display:grid;grid-template-columns:260px 1fr;align-items:start}
nav{position:sticky;top:0;max-height:100vh;overflow:auto;padding:16px;border-right:1px solid var(--line)}
nav h2{font-size:13px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);margin:16px 0 4px}
nav ul{list-style:none;margin:0;padding:0}
nav li a{display:block;padding:2px 0;color:var(--ink);text-decoration:none;font-size:13px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
nav li a:hover{color:var(--accent)}
main{padding:8px 32px 64px;min-width:0}
main>h2{margin:32px 0 4px;font-size:20px;border-bottom:2px solid var(--line);padding-bottom:4px}
.tag-description{color:var(--muted);margin:4px 0 12px}
section.op{border:1px solid var(--line);border-radius:8px;margin:16px 0;padding:12px 16px}
.op h3{margin:0;font-size:16px;display:flex;gap:10px;align-items:center;flex-wrap:wrap}
.method{font:600 12px/1 ui-monospace,SFMono-Regular,Menlo,monospace;text-transform:uppercase;padding:4px 8px;border-radius:4px;color:#fff}
.get{background:#2463a6}.post{background:#0b6e4f}.put{background:#8a5a00}.patch{background:#6a4c93}.delete{background:#a61b1b}
.path{font:600 14px ui-monospace,SFMono-Regular,Menlo,monospace}
.summary{margin:6px 0;font-weight:600}
.access{margin:6px 0;padding:6px 10px;background:var(--bg);border-left:3px solid var(--accent);font-size:14px}
h4{margin:14px 0 6px;font-size:13px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
table{border-collapse:collapse;width:100%;font-size:14px}
th,td{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
code{font:13px ui-monospace,SFMono-Regular,Menlo,monospace;background:var(--bg);padding:1px 4px;border-radius:3px}
ul.schema{list-style:none;margin:0;padding-left:16px;border-left:1px dotted var(--line)}
ul.schema li{margin:3px 0}
.type{color:#6a4c93;font:13px ui-monospace,SFMono-Regular,Menlo,monospace}
.req{color:#a61b1b;font-size:12px}
.note{color:var(--muted);font-size:13px}
details{margin:4px 0}
summary{cursor:pointer}
.status{font:600 13px ui-monospace,SFMono-Regular,Menlo,monospace;margin-right:6px}
.s2{color:#0b6e4f}.s4{color:#a61b1b}.s5{color:#8a5a00}
@media (max-width:800px){.layout{display:block}nav{position:static;max-height:none;border-right:0;border-bottom:1px solid var(--line)}}
`.trim();

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** Scripts: none. Styles: the inline sheet above, by hash. */
export const DOCS_CSP = [
  "default-src 'none'",
  `style-src ${STYLE_HASH}`,
  "img-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const ENUM_SHOWN = 12;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The few bits of Markdown the descriptions use: `code` and **bold**. */
function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
}

function paragraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${inline(p)}</p>`)
    .join('');
}

function asSchema(value: JsonSchema | boolean | undefined): JsonSchema {
  return typeof value === 'object' ? value : {};
}

function literal(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : JSON.stringify(value) ?? 'null';
}

/** A short type label: `string`, `integer`, `array`, `"a" | "b"`, `string | null`, ... */
function typeLabel(schema: JsonSchema): string {
  if (schema.$ref) return schema.$ref.split('/').pop() ?? 'object';
  if (schema.const !== undefined) return literal(schema.const);
  if (schema.enum) return 'enum';
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((v) => typeLabel(v)).join(' | ');
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type === 'array') return schema.prefixItems ? 'tuple' : 'array';
  if (schema.type === 'string' && schema.format) return `string (${schema.format})`;
  if (schema.type === 'string' && schema.contentMediaType) return `binary (${schema.contentMediaType})`;
  return schema.type ?? 'any';
}

function constraints(schema: JsonSchema): string[] {
  const notes: string[] = [];
  if (schema.minLength !== undefined && schema.maxLength !== undefined) notes.push(`${schema.minLength}–${schema.maxLength} characters`);
  else if (schema.minLength !== undefined) notes.push(`at least ${schema.minLength} character${schema.minLength === 1 ? '' : 's'}`);
  else if (schema.maxLength !== undefined) notes.push(`at most ${schema.maxLength} characters`);
  // zod marks every integer with the safe-integer range; only real limits are worth showing.
  if (schema.minimum !== undefined && schema.minimum > Number.MIN_SAFE_INTEGER) notes.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) notes.push(`≤ ${schema.maximum}`);
  if (schema.minItems !== undefined) notes.push(`at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}`);
  if (schema.maxItems !== undefined) notes.push(`at most ${schema.maxItems} items`);
  if (schema.pattern) notes.push(`pattern <code>${escapeHtml(schema.pattern)}</code>`);
  if (schema.default !== undefined) notes.push(`default <code>${escapeHtml(literal(schema.default))}</code>`);
  return notes;
}

function enumList(values: readonly unknown[]): string {
  const items = values.map((v) => `<code>${escapeHtml(literal(v))}</code>`);
  if (items.length <= ENUM_SHOWN) return `one of ${items.join(', ')}`;
  return `<details><summary>one of ${items.length} values</summary>${items.join(', ')}</details>`;
}

function children(schema: JsonSchema, depth: number): string {
  if (depth > 10) return '';
  const parts: string[] = [];
  if (schema.properties) {
    const required = new Set(schema.required ?? []);
    const rows = Object.entries(schema.properties).map(([name, value]) => field(name, asSchema(value), required.has(name), depth + 1));
    parts.push(`<ul class="schema">${rows.join('')}</ul>`);
    if (schema.additionalProperties === false) parts.push('<div class="note">No other fields are accepted.</div>');
  } else if (typeof schema.additionalProperties === 'object') {
    const keys = asSchema(schema.propertyNames).enum;
    const label = keys ? `keys: ${keys.map((k) => `<code>${escapeHtml(String(k))}</code>`).join(', ')}` : 'any key';
    parts.push(`<ul class="schema">${field(`{${label}}`, schema.additionalProperties, false, depth + 1, true)}</ul>`);
  }
  if (schema.prefixItems) {
    parts.push(`<ul class="schema">${schema.prefixItems.map((item, i) => field(`[${i}]`, asSchema(item), true, depth + 1)).join('')}</ul>`);
  } else if (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))) {
    const items = asSchema(Array.isArray(schema.items) ? schema.items[0] : schema.items);
    parts.push(`<ul class="schema">${field('[ ]', items, false, depth + 1)}</ul>`);
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.some((v) => v.properties || v.type === 'array' || v.anyOf)) {
    parts.push(`<ul class="schema">${variants.map((v, i) => field(`option ${i + 1}`, v, false, depth + 1)).join('')}</ul>`);
  }
  return parts.join('');
}

function field(name: string, schema: JsonSchema, required: boolean, depth: number, rawName = false): string {
  const notes = constraints(schema);
  if (schema.enum) notes.unshift(enumList(schema.enum));
  const description = typeof schema.description === 'string' ? ` — ${inline(schema.description)}` : '';
  return [
    '<li>',
    rawName ? `<span>${name}</span> ` : `<code>${escapeHtml(name)}</code> `,
    `<span class="type">${escapeHtml(typeLabel(schema))}</span>`,
    required ? ' <span class="req">required</span>' : '',
    notes.length ? ` <span class="note">${notes.join('; ')}</span>` : '',
    description,
    children(schema, depth),
    '</li>',
  ].join('');
}

/** A schema as a nested list of fields with their types, limits and descriptions. */
export function renderSchema(schema: JsonSchema): string {
  const nested = children(schema, 0);
  if (nested) return nested;
  return `<ul class="schema">${field('(value)', schema, false, 0)}</ul>`;
}

function parameterRows(parameters: OpenApiParameter[]): string {
  const rows = parameters.map((p) => {
    const notes = constraints(p.schema);
    if (p.schema.enum) notes.unshift(enumList(p.schema.enum));
    return `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td class="type">${escapeHtml(typeLabel(p.schema))}</td><td>${
      p.required ? '<span class="req">required</span>' : 'optional'
    }</td><td>${[p.description ? inline(p.description) : '', ...notes].filter(Boolean).join('; ')}</td></tr>`;
  });
  return `<table><thead><tr><th>Name</th><th>In</th><th>Type</th><th></th><th>Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function responseBlock(status: string, response: OpenApiResponse): string {
  const cls = `s${status[0]}`;
  const headers = response.headers
    ? Object.entries(response.headers)
        .map(([name, h]) => `<div class="note">Header <code>${escapeHtml(name)}</code>: ${inline(h.description)}</div>`)
        .join('')
    : '';
  const bodies = Object.entries(response.content ?? {})
    .map(([type, media]) => {
      if (media.schema.$ref) return `<div class="note"><code>${escapeHtml(type)}</code>: the error shape (<code>success</code>, <code>message</code>, <code>errors</code>)</div>`;
      if (media.schema.contentMediaType || media.schema.format === 'binary') return `<div class="note"><code>${escapeHtml(type)}</code></div>`;
      return `<details><summary><code>${escapeHtml(type)}</code> body</summary>${renderSchema(media.schema)}</details>`;
    })
    .join('');
  return `<div><span class="status ${cls}">${escapeHtml(status)}</span>${inline(response.description)}${headers}${bodies}</div>`;
}

function operationBlock(method: string, path: string, op: OpenApiOperation): string {
  const description = (op.description ?? '').replace(/\*\*Who may call:\*\*[^\n]*$/, '').trim();
  const body = op.requestBody
    ? Object.entries(op.requestBody.content)
        .map(([type, media]) => `<h4>Request body <code>${escapeHtml(type)}</code></h4>${renderSchema(media.schema)}`)
        .join('')
    : '';
  return [
    `<section class="op" id="${escapeHtml(op.operationId)}">`,
    `<h3><span class="method ${method}">${method}</span><span class="path">/api/v1${escapeHtml(path)}</span></h3>`,
    `<div class="summary">${inline(op.summary)}</div>`,
    description ? paragraphs(description) : '',
    `<div class="access"><strong>Who may call:</strong> ${inline(op['x-access'])}</div>`,
    op.parameters?.length ? `<h4>Parameters</h4>${parameterRows(op.parameters)}` : '',
    body,
    '<h4>Responses</h4>',
    Object.entries(op.responses)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([status, response]) => responseBlock(status, response))
      .join(''),
    '</section>',
  ].join('');
}

/** The whole reference page. */
export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, { method: string; path: string; op: OpenApiOperation }[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!op) continue;
      const tag = op.tags[0] ?? 'Other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ method, path, op });
    }
  }
  const tags = doc.tags.filter((t) => byTag.has(t.name));
  const nav = tags
    .map(
      (t) =>
        `<h2>${escapeHtml(t.name)}</h2><ul>${byTag
          .get(t.name)!
          .map(({ method, path, op }) => `<li><a href="#${escapeHtml(op.operationId)}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`)
          .join('')}</ul>`,
    )
    .join('');
  const sections = tags
    .map(
      (t) =>
        `<h2 id="tag-${escapeHtml(t.name.replace(/\s+/g, '-').toLowerCase())}">${escapeHtml(t.name)}</h2><p class="tag-description">${inline(
          t.description,
        )}</p>${byTag
          .get(t.name)!
          .map(({ method, path, op }) => operationBlock(method, path, op))
          .join('')}`,
    )
    .join('');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(doc.info.title)} reference</title>`,
    `<style>${STYLE}</style>`,
    '</head><body>',
    `<header><h1>${escapeHtml(doc.info.title)} <span class="note">v${escapeHtml(doc.info.version)}</span></h1>${paragraphs(doc.info.description)}`,
    `<p>Machine-readable: <a href="${DOCUMENT_PATH}">${DOCUMENT_PATH}</a> (OpenAPI 3.1).</p></header>`,
    `<div class="layout"><nav aria-label="Calls">${nav}</nav><main>${sections}</main></div>`,
    '</body></html>',
  ].join('');
}
