import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A Twilio-compatible provider for tests, on 127.0.0.1 and a port the system picks: it records each message posted and
// answers what the test asks (a sid, a 500, a 400 with Twilio's error code).

export interface ReceivedText {
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

export interface FakeSmsProvider {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** SMS_URL for this provider with the given credentials and sender. */
  smsUrl(options?: { sid?: string; token?: string; from?: string }): string;
  received: ReceivedText[];
  /** The answer to the next posts, in order; past the list, a 201 with a new sid. */
  answers: { status: number; body: unknown }[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeSmsProvider(): Promise<FakeSmsProvider> {
  const received: ReceivedText[] = [];
  const answers: { status: number; body: unknown }[] = [];
  let sequence = 0;
  const server: Server = createServer((request, response) => {
    void readBody(request).then((text) => {
      received.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        form: Object.fromEntries(new URLSearchParams(text)),
      });
      const answer = answers.shift() ?? { status: 201, body: { sid: `SM${String(++sequence).padStart(32, '0')}` } };
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    smsUrl: ({ sid = 'AC0123456789abcdef', token = 'test-auth-token', from = '+15125550100' } = {}) =>
      `http://${sid}:${token}@127.0.0.1:${port}?from=${encodeURIComponent(from)}`,
    received,
    answers,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
