import { MESSAGES } from '@ebt/core/messages';
import { ApiError, failedCall, parseBody } from '../../lib/api-client';
import { getToken } from '../../lib/session';

/** The file name a Content-Disposition header gives (`filename*=UTF-8''…` first), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() ?? null;
}

/**
 * Fetches a file with the session's bearer token and hands it to the browser as a download (A§7 exports). A plain
 * link cannot carry the Authorization header, so the file comes through fetch as a Blob. A refusal throws the same
 * ApiError as `api.get` (a 401 ends the session, a 403 shows the privilege message).
 */
export async function downloadFile(path: string, fallbackName: string): Promise<{ truncated: boolean }> {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(path, { headers });
  } catch {
    throw new ApiError(0, undefined, [MESSAGES.API_UNAVAILABLE]);
  }
  if (!response.ok) {
    const body = parseBody(response.status, await response.text(), response.headers.get('content-type'));
    throw failedCall(response.status, body, path);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition')) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is no longer needed once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  // The server stops at its export cap and says so (platform/export.ts).
  return { truncated: response.headers.get('x-export-truncated') === 'true' };
}
