import { errorResponseSchema, uploadResponse, type UploadField, type UploadResponse } from '@bh/shared';
import { uploads } from '@bh/shared/contract/uploads';
import { ApiError, client } from './http.ts';

/** Uploads give up after 30 seconds (spec §9). */
export const UPLOAD_TIMEOUT_MS = 30_000;

export interface UploadOptions {
  /** Whole percentages, 0 to 100, as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * The upload operation (`uploads.create`) as multipart form data, at the URL the typed client
 * gives. XMLHttpRequest rather than fetch because only it reports upload progress.
 */
export function uploadFile(file: File, field: UploadField, options: UploadOptions = {}): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(uploads.create.method.toUpperCase(), client.url(uploads.create));
    xhr.responseType = 'text';
    xhr.timeout = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      const json = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = uploadResponse.safeParse(json);
        if (parsed.success) {
          options.onProgress?.(100);
          resolve(parsed.data);
        } else {
          reject(new ApiError('', xhr.status, 'parse', null));
        }
        return;
      }
      const error = errorResponseSchema.safeParse(json);
      const body = error.success ? error.data : null;
      reject(new ApiError(body?.message ?? xhr.statusText, xhr.status, 'http', body));
    };
    xhr.onerror = () => reject(new ApiError('', 0, 'network', null));
    xhr.ontimeout = () => reject(new ApiError('', 0, 'timeout', null));
    xhr.onabort = () => reject(new ApiError('', 0, 'network', null));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append('field', field);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
