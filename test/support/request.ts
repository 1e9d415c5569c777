// How tests call the app in process: `request(app).get(url)`, with supertest's chain and response
// (`.set`, `.send`, `.query`, `.type`, `.buffer(true).parse(fn)`; `status`, `headers`, `text`, `body`), but
// without a socket: the request is injected into the app's handler by light-my-request (Fastify's
// `app.inject()`), as Datasette's tests call the app through an in-process client (issue 41). A loopback
// server and supertest cost twice the app's own time per request (measured on the metrics property
// test: 27 s of requests against 12.6 s injected, for the same 5,523 requests).
//
// The response is read as supertest reads it, so test bodies did not change: `Accept-Encoding: gzip,
// deflate` is sent unless a test sets its own, a compressed body is decoded for `text` and `body` (the
// headers still name the encoding), and `body` is parsed JSON for a JSON type, a Buffer for a binary one
// (images, fonts, gzip, PDF, octet-stream: `text` is then undefined) and `{}` for any other.
//
// A URL or a `Server` (a real server a test started, a child process) still goes to supertest: the tests
// that test the socket itself keep it.

import type { RequestListener, Server } from 'node:http';
import { PassThrough, Readable } from 'node:stream';
import zlib from 'node:zlib';
import inject from 'light-my-request';
import supertest from 'supertest';

/** What a test reads of an answer: supertest's response, as far as the tests use it. */
export interface Response {
  status: number;
  /** Lower-cased names; typed as supertest types them (`set-cookie` is in fact a list). */
  headers: Record<string, string>;
  /** The same object as `headers` (supertest's alias). */
  header: Record<string, string>;
  /** The media type without its parameters, as supertest gives it. */
  type: string;
  /** The body as text, for text and JSON types (decoded when compressed); undefined for a binary body. */
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON of many shapes, as supertest's
  body: any;
  ok: boolean;
}

/** A custom body parser, as supertest's `.parse(fn)` takes it: it reads the decoded body as a stream. */
type Parser = (res: NodeJS.ReadableStream, done: (error: Error | null, body: unknown) => void) => void;

const TYPES: Record<string, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  html: 'text/html',
  text: 'text/plain',
  xml: 'application/xml',
};

const isJson = (mime: string) => /[/+]json($|[^-\w])/i.test(mime);
const isBinary = (mime: string) => {
  const [registry, name] = mime.split('/');
  return ['audio', 'font', 'image', 'video'].includes(registry!) || ['gz', 'gzip'].includes(name!);
};

type Method = NonNullable<inject.InjectOptions['method']>;

/** One request to an app in process, built as supertest's `Test` is and sent when awaited. */
export class InjectedRequest implements PromiseLike<Response> {
  private readonly headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate' };
  private readonly query_: string[] = [];
  private payload: string | undefined;
  /** Whether the body was written in chunks (`write`): sent as a stream, without Content-Length. */
  private chunked = false;
  private parser: Parser | undefined;
  private sent: Promise<Response> | undefined;

  constructor(
    private readonly app: RequestListener,
    private readonly method: Method,
    private readonly url: string,
  ) {}

  set(name: string | Record<string, string>, value?: string): this {
    if (typeof name === 'object') for (const [n, v] of Object.entries(name)) this.set(n, v);
    else this.headers[name.toLowerCase()] = String(value);
    return this;
  }

  type(type: string): this {
    return this.set('content-type', TYPES[type] ?? (type.includes('/') ? type : `application/${type}`));
  }

  query(query: string | Record<string, string | number | boolean>): this {
    this.query_.push(
      typeof query === 'string'
        ? query
        : new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString(),
    );
    return this;
  }

  /** A string as it is (a form unless a type was set); an object as JSON, or as a form when the type says so. */
  send(body: unknown): this {
    if (typeof body === 'string') {
      this.headers['content-type'] ??= TYPES['form']!;
      this.payload = (this.payload ?? '') + body;
    } else {
      this.headers['content-type'] ??= TYPES['json']!;
      this.payload =
        this.headers['content-type'] === TYPES['form']
          ? new URLSearchParams(Object.entries(body as Record<string, string>)).toString()
          : JSON.stringify(body);
    }
    return this;
  }

  /** A chunk of a body sent chunked, as supertest's `write`: no Content-Length, so only the app's guards see a body coming. */
  write(chunk: string): this {
    this.chunked = true;
    this.payload = (this.payload ?? '') + chunk;
    return this;
  }

  /** Kept for supertest's chain: every body is read whole here. */
  buffer(_buffer = true): this {
    return this;
  }

  parse(parser: Parser): this {
    this.parser = parser;
    return this;
  }

  then<A = Response, B = never>(
    resolved?: ((value: Response) => A | PromiseLike<A>) | null,
    rejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    this.sent ??= this.send_();
    return this.sent.then(resolved, rejected);
  }

  private async send_(): Promise<Response> {
    const url = this.query_.length
      ? `${this.url}${this.url.includes('?') ? '&' : '?'}${this.query_.join('&')}`
      : this.url;
    if (this.chunked) this.headers['transfer-encoding'] = 'chunked';
    const payload = this.chunked ? Readable.from([this.payload!]) : this.payload;
    const answer = await inject(keepingInjection(this.app), {
      method: this.method,
      url,
      headers: { host: '127.0.0.1', ...this.headers },
      ...(payload === undefined ? {} : { payload }),
    });
    const headers = answer.headers as Response['headers'];
    const raw = this.method === 'HEAD' ? Buffer.alloc(0) : answer.rawPayload;
    const bytes = decoded(raw, String(headers['content-encoding'] ?? ''));
    const mime = (String(headers['content-type'] ?? '').split(';')[0] || 'text/plain').trim().toLowerCase();
    const response: Response = {
      status: answer.statusCode,
      headers,
      header: headers,
      type: mime,
      text: undefined as unknown as string,
      body: {},
      ok: answer.statusCode >= 200 && answer.statusCode < 300,
    };
    if (this.method === 'HEAD') return response;
    if (this.parser) {
      const stream = new PassThrough();
      const parsed = new Promise<unknown>((resolve, reject) =>
        this.parser!(stream, (error, body) => (error ? reject(error) : resolve(body))),
      );
      stream.end(bytes);
      response.body = await parsed;
    } else if (isBinary(mime) || mime === 'application/octet-stream' || mime === 'application/pdf') {
      response.body = bytes;
    } else {
      response.text = bytes.toString('utf8');
      if (isJson(mime)) {
        const text = response.text.replace(/^\uFEFF/, '');
        response.body = text ? JSON.parse(text) : text;
      } else if (mime === TYPES['form']) {
        response.body = Object.fromEntries(new URLSearchParams(response.text));
      }
    }
    return response;
  }
}

/**
 * `app` with light-my-request's request and response methods kept on each object: an Express app or
 * router on the way (the website's was, before issue 43) re-parents both onto its own prototypes (http's),
 * which would bypass light-my-request's capture of the answer and its reading of the body.
 */
function keepingInjection(app: RequestListener): RequestListener {
  return (req, res) => {
    for (const object of [req, res]) {
      const proto: object = Object.getPrototypeOf(object);
      for (const name of Object.getOwnPropertyNames(proto)) {
        const method: unknown = Reflect.get(proto, name);
        if (name !== 'constructor' && typeof method === 'function') Reflect.set(object, name, method);
      }
    }
    return app(req, res);
  };
}

/** `raw` as supertest hands it to a test: gzip, deflate and br undone. */
function decoded(raw: Buffer, encoding: string): Buffer {
  if (raw.length === 0) return raw;
  if (/\bbr\b/.test(encoding)) return zlib.brotliDecompressSync(raw);
  if (/\bgzip\b/.test(encoding)) return zlib.gunzipSync(raw, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  if (/\bdeflate\b/.test(encoding)) return zlib.inflateSync(raw, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return raw;
}

/** The verbs of supertest's agent, over `app` in process. */
export interface InProcess {
  get(url: string): InjectedRequest;
  head(url: string): InjectedRequest;
  post(url: string): InjectedRequest;
  put(url: string): InjectedRequest;
  patch(url: string): InjectedRequest;
  delete(url: string): InjectedRequest;
  options(url: string): InjectedRequest;
}

/** `app` called in process; a URL or a server (a real socket) through supertest. */
function request(app: RequestListener): InProcess;
function request(app: Server | string): ReturnType<typeof supertest>;
function request(app: RequestListener | Server | string): InProcess | ReturnType<typeof supertest> {
  if (typeof app !== 'function') return supertest(app);
  const verb = (method: Method) => (url: string) => new InjectedRequest(app, method, url);
  return {
    get: verb('GET'),
    head: verb('HEAD'),
    post: verb('POST'),
    put: verb('PUT'),
    patch: verb('PATCH'),
    delete: verb('DELETE'),
    options: verb('OPTIONS'),
  };
}

// Types as the tests name them after supertest's (`request.Response`): a namespace of types only, nothing emitted.
// eslint-disable-next-line @typescript-eslint/no-namespace
namespace request {
  export type Response = import('./request.ts').Response;
}
export default request;
