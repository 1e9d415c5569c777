// The service's HTTP response: node's ServerResponse, with its header fields kept in three small
// lists and handed to node as one flat list when the head is written.
//
// Why: an answer carries 14 header fields (helmet's, Vary, the rate limit's, the request id,
// Cache-Control, the type, the ETag); bare Express sets one. Set one by one on node's own response,
// each goes into a dictionary-mode object keyed by its lower-case name, which node walks with for…in
// to write the head: 6.6 KB of the 22.5 KB a live answer allocated. Given as a flat list to a
// response with none set, node writes them in order. Over the walk of a tenth of Poland the live path
// took 11.5 µs (7 %) less CPU a request (docs/PERFORMANCE.md, issue 47's twenty-third session).
//
// Everything else is node's: node writes the head (`writeHead`), with the same fields in the same
// order as its own response writes them, and a response keeps what node's keeps (test/response.test.ts
// holds the two equal over random sequences of header calls, and over the app's answers). Names and
// values are checked when set, as node checks them, so a bad field throws where it is set and never at
// the end of an answer.

import {
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
  ServerResponse,
  validateHeaderName,
  validateHeaderValue,
} from 'node:http';

type Value = number | string | string[];

/**
 * node's check of a field, as its own setHeader makes it: any value (a number, a list; undefined is
 * refused), though its type says a string. A method's parameters are compared both ways, so it takes it.
 */
const node: { checkValue(name: string, value: unknown): void } = { checkValue: validateHeaderValue };

function check(name: string, value: unknown): void {
  validateHeaderName(name);
  node.checkValue(name, value);
}

export class HeaderListResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  /** By position: each field's lower-case name, its name as set, its value. */
  readonly #keys: string[] = [];
  readonly #names: string[] = [];
  readonly #values: Value[] = [];
  /** Whether a field was ever set: node's own writeHead then adds the fields it is given to them. */
  #fields = false;

  /** The position of the field `name` (any spelling), or -1. */
  #at(name: string): number {
    return this.#keys.indexOf(name.toLowerCase());
  }

  override setHeader(name: string, value: number | string | readonly string[]): this {
    if (this.headersSent) return super.setHeader(name, value); // node's error
    return this.#set(name, value);
  }

  /** setHeader of any value, checked as node checks it (undefined is its error). */
  #set(name: string, value: unknown): this {
    check(name, value);
    this.#fields = true;
    const kept: Value = Array.isArray(value) ? value.map(String) : typeof value === 'number' ? value : String(value);
    const key = name.toLowerCase();
    const at = this.#keys.indexOf(key);
    if (at < 0) {
      this.#keys.push(key);
      this.#names.push(name);
      this.#values.push(kept);
    } else {
      this.#names[at] = name;
      this.#values[at] = kept;
    }
    return this;
  }

  override appendHeader(name: string, value: string | readonly string[]): this {
    if (this.headersSent) return super.appendHeader(name, value); // node's error
    const at = this.#at(name);
    if (at < 0) return this.setHeader(name, value);
    check(name, value);
    const current = this.#values[at]!;
    this.#values[at] = [
      ...(Array.isArray(current) ? current : [String(current)]),
      ...(typeof value === 'string' ? [value] : value),
    ];
    return this;
  }

  override getHeader(name: string): Value | undefined {
    const at = this.#at(name);
    return at < 0 ? undefined : this.#values[at];
  }

  override hasHeader(name: string): boolean {
    return this.#at(name) >= 0;
  }

  override getHeaderNames(): string[] {
    return [...this.#keys];
  }

  /** node has it (OutgoingMessage), its types do not. */
  getRawHeaderNames(): string[] {
    return [...this.#names];
  }

  override getHeaders(): OutgoingHttpHeaders {
    const headers: OutgoingHttpHeaders = Object.create(null);
    this.#keys.forEach((key, at) => (headers[key] = this.#values[at]));
    return headers;
  }

  override removeHeader(name: string): void {
    if (!this.headersSent) {
      const at = this.#at(name);
      if (at >= 0) {
        this.#keys.splice(at, 1);
        this.#names.splice(at, 1);
        this.#values.splice(at, 1);
      }
    }
    super.removeHeader(name); // node's part: an error once sent; Date, Connection, Content-Length and Transfer-Encoding remembered as removed
  }

  override writeHead(
    statusCode: number,
    reason?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    given?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    const headers = typeof reason === 'string' ? given : reason;
    // None set before (or the head written already): node's own writeHead, as it is.
    if (!this.#fields || this.headersSent)
      return typeof reason === 'string'
        ? super.writeHead(statusCode, reason, headers)
        : super.writeHead(statusCode, headers);
    // Fields given now are added as node adds them to fields set before: one by one, a list's empty
    // names skipped; a list of odd length is node's error.
    if (Array.isArray(headers)) {
      if (headers.length % 2 !== 0) return super.writeHead(statusCode, headers);
      for (let at = 0; at < headers.length; at += 2) {
        const name = headers[at];
        if (name) this.#set(String(name), headers[at + 1]);
      }
    } else if (headers) for (const [name, value] of Object.entries(headers)) if (name) this.#set(name, value);
    const list: Array<string | Value> = new Array(this.#names.length * 2);
    for (let at = 0; at < this.#names.length; at++) {
      list[2 * at] = this.#names[at]!;
      list[2 * at + 1] = this.#values[at]!;
    }
    return typeof reason === 'string' ? super.writeHead(statusCode, reason, list) : super.writeHead(statusCode, list);
  }
}
