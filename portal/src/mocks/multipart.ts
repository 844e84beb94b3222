/**
 * A small multipart/form-data reader for the mock API. Request.formData() cannot be used in the
 * tests: under jsdom, Node's own parser rejects the File objects it creates.
 */
export interface MultipartFile {
  name: string;
  type: string;
  size: number;
}

export interface MultipartBody {
  fields: Map<string, string>;
  files: Map<string, MultipartFile>;
}

const utf8 = (latin1: string) => new TextDecoder().decode(Uint8Array.from(latin1, (c) => c.charCodeAt(0)));

export async function readMultipart(request: Request): Promise<MultipartBody | null> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers.get('content-type') ?? '');
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return null;
  // latin1 keeps one character per byte, so lengths are byte counts.
  const body = new TextDecoder('latin1').decode(await request.arrayBuffer());
  const result: MultipartBody = { fields: new Map(), files: new Map() };
  for (const part of body.split(`--${marker}`).slice(1)) {
    if (part.startsWith('--')) break;
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) continue;
    const headers = part.slice(0, headerEnd);
    const content = part.slice(headerEnd + 4).replace(/\r\n$/, '');
    const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) continue;
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    if (filename === undefined) {
      result.fields.set(name, utf8(content));
    } else {
      const type = /content-type:\s*([^\r\n;]+)/i.exec(headers)?.[1]?.trim() ?? '';
      result.files.set(name, { name: utf8(filename), type, size: content.length });
    }
  }
  return result;
}
