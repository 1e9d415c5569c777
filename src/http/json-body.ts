// The JSON body of a request to /api (CONTRACT §6): at most 10 KB, an object or an array, UTF-8;
// compressed with gzip, deflate or brotli when the request says so (the limit counts what it
// inflates to). The guards have already refused a body that is not application/json (415).

import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { HttpError } from './envelope.ts';

export const BODY_LIMIT_BYTES = 10 * 1024;

const TOO_LARGE = () => new HttpError(413, 'the request body is larger than 10 KB');

/** Whether the request carries a body: a Content-Length (even 0), or a Transfer-Encoding. */
export const hasBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && !Number.isNaN(Number(req.headers['content-length'])));

function inflated(req: IncomingMessage): Readable {
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding === 'identity') return req;
  const inflate =
    encoding === 'gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (!inflate) {
    req.resume();
    throw new HttpError(415, `the request body's Content-Encoding "${encoding}" is not supported (gzip, deflate, br)`);
  }
  return req.pipe(inflate);
}

/**
 * The bytes of `stream` (the request, or what it inflates to), up to the limit. On a refusal the rest
 * of the request is read and dropped, so that the connection can carry the next request.
 */
function collect(req: IncomingMessage, stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const cleanup = () => {
      stream.off('data', onData).off('end', onEnd).off('error', onError);
      req.off('close', onClose);
    };
    const stop = (error: HttpError) => {
      cleanup();
      if (stream !== req) {
        req.unpipe();
        stream.destroy();
      }
      req.resume();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > BODY_LIMIT_BYTES) stop(TOO_LARGE());
      else chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = () => stop(new HttpError(400, 'the request body could not be read'));
    const onClose = () => {
      if (!req.complete) onError();
    };
    stream.on('data', onData).on('end', onEnd).on('error', onError);
    req.on('close', onClose);
  });
}

/** The parsed body; undefined when the request has none. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  if (!hasBody(req)) return undefined;
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    req.resume();
    throw new HttpError(415, `the request body's charset "${charset}" is not supported (utf-8)`);
  }
  if (req.headers['content-encoding'] === undefined && Number(req.headers['content-length'] ?? 0) > BODY_LIMIT_BYTES) {
    req.resume();
    throw TOO_LARGE();
  }
  const text = (await collect(req, inflated(req))).toString('utf8');
  if (text.trim() === '') return {};
  // Strict, as CONTRACT §6 wants a JSON object: a bare value (`1`, `"x"`) is refused like malformed JSON.
  if (!/^\s*[[{]/.test(text)) throw new HttpError(400, 'the request body is not valid JSON');
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    throw new HttpError(400, 'the request body is not valid JSON');
  }
}
