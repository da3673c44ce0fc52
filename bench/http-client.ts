/**
 * A lean HTTP/1.1 load generator's client: keep-alive sockets, each with one request in flight, requests written as
 * one buffer and answers parsed only as far as the status and the body. Node's fetch spends about 0.6 ms of CPU a
 * request on a machine like CI's; a bench whose load generator shares the product's two cores would otherwise measure
 * the client as much as the product. What it does not do (redirects, compression, pipelining, TLS) the benches do not
 * need: the product answers them with a length or in chunks, uncompressed, since they send no Accept-Encoding.
 */
import { connect, type Socket } from 'node:net';

export interface HttpAnswer {
  status: number;
  body: string;
}

interface Pending {
  payload: Buffer;
  resolve: (answer: HttpAnswer) => void;
  reject: (error: Error) => void;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** Answers the body's end (exclusive) in `data` from `start`, or -1 while it has not all arrived; chunks are joined. */
function chunkedEnd(data: Buffer, start: number, parts: Buffer[]): number {
  let at = start;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return -1;
    const size = parseInt(data.toString('latin1', at, lineEnd), 16);
    if (Number.isNaN(size)) throw new Error('a malformed chunk size');
    if (size === 0) {
      // The last chunk, then trailers (none from the product) up to an empty line.
      const end = data.indexOf(HEADER_END, lineEnd);
      return end < 0 ? -1 : end + 4;
    }
    if (data.length < lineEnd + 2 + size + 2) return -1;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

class Connection {
  private socket: Socket | null = null;
  private buffered: Buffer = Buffer.alloc(0);
  private current: Pending | null = null;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly onIdle: (connection: Connection) => void,
  ) {}

  send(pending: Pending): void {
    this.current = pending;
    if (!this.socket) this.open();
    this.socket!.write(pending.payload);
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private open(): void {
    const socket = connect({ host: this.host, port: this.port, noDelay: true });
    this.socket = socket;
    this.buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
      this.parse();
    });
    const fail = (error: Error) => {
      if (this.socket === socket) this.socket = null;
      const pending = this.current;
      this.current = null;
      if (pending) {
        pending.reject(error);
        this.onIdle(this);
      }
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('the connection closed')));
  }

  private parse(): void {
    const data = this.buffered;
    const headEnd = data.indexOf(HEADER_END);
    if (headEnd < 0 || !this.current) return;
    const head = data.toString('latin1', 0, headEnd);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    let body: Buffer;
    let end: number;
    if (length) {
      end = headEnd + 4 + Number(length[1]);
      if (data.length < end) return;
      body = data.subarray(headEnd + 4, end);
    } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
      const parts: Buffer[] = [];
      end = chunkedEnd(data, headEnd + 4, parts);
      if (end < 0) return;
      body = Buffer.concat(parts);
    } else {
      end = headEnd + 4;
      body = Buffer.alloc(0);
    }
    this.buffered = data.subarray(end);
    const pending = this.current;
    this.current = null;
    if (/\r\nconnection:\s*close/i.test(head)) this.close();
    pending.resolve({ status, body: body.toString('utf8') });
    this.onIdle(this);
  }
}

/**
 * Up to `connections` keep-alive connections to one server; a request waits for a free one (so an open loop's
 * queueing shows in its timings, as it would at the terminals' side).
 */
export class HttpClient {
  private readonly idle: Connection[] = [];
  private readonly all: Connection[] = [];
  private readonly waiting: Pending[] = [];

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly connections: number,
  ) {}

  request(method: string, path: string, headers: Record<string, string>, body?: string): Promise<HttpAnswer> {
    const content = body === undefined ? undefined : Buffer.from(body);
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\nconnection: keep-alive\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    if (content) head += `content-length: ${content.length}\r\n`;
    const payload = content ? Buffer.concat([Buffer.from(`${head}\r\n`), content]) : Buffer.from(`${head}\r\n`);
    return new Promise((resolve, reject) => {
      const pending = { payload, resolve, reject };
      const connection = this.idle.pop() ?? this.spare();
      if (connection) connection.send(pending);
      else this.waiting.push(pending);
    });
  }

  /** Closes every connection (requests in flight fail). */
  close(): void {
    for (const connection of this.all) connection.close();
  }

  private spare(): Connection | undefined {
    if (this.all.length >= this.connections) return undefined;
    const connection = new Connection(this.host, this.port, (free) => this.release(free));
    this.all.push(connection);
    return connection;
  }

  private release(connection: Connection): void {
    const next = this.waiting.shift();
    if (next) connection.send(next);
    else this.idle.push(connection);
  }
}
