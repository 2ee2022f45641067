import { type Agent, request as httpRequest } from 'node:http';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { BadRequest } from '../test/bff/bad-input';

/*
 * The HTTP side of npm run bench:bad-input. In the main thread: one request at a time. As a worker
 * thread: the concurrent clients, so that making the load (10 MB bodies included) does not compete
 * with the server for its event loop, and the health latency measured is the server's.
 */

export interface Timed {
  status: number;
  ms: number;
}

export interface Answer {
  status: number;
  body: string;
}

/**
 * One request over its own connection (or the given agent's), answered or failed, never thrown. Bad
 * requests each get a new connection: the server may close one on a body it refused unread, and no other
 * request may be caught by that.
 */
export function send(url: string, options: { method: string; headers: Record<string, string>; body?: string; agent?: Agent | false }): Promise<Answer> {
  return new Promise((resolve) => {
    const request = httpRequest(url, { method: options.method, headers: options.headers, agent: options.agent ?? false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', () => resolve({ status: response.statusCode ?? 0, body: '' }));
    });
    // The server may answer 413 and close before a large body is sent: an answer already read stands.
    request.on('error', () => resolve({ status: 0, body: '' }));
    request.end(options.body);
  });
}

export async function timed(base: string, request: BadRequest, token: string): Promise<Timed> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (request.signedIn) headers.authorization = `Bearer ${token}`;
  const started = performance.now();
  const answer = await send(`${base}${request.path}`, { method: request.method, headers, ...(request.body !== undefined ? { body: request.body } : {}) });
  return { status: answer.status, ms: performance.now() - started };
}

export interface ClientsOptions {
  base: string;
  token: string;
  requests: BadRequest[];
  clients: number;
  rounds: number;
}

export interface ClientsResult {
  answers: number;
  serverErrors: number;
}

async function runClients({ base, token, requests, clients, rounds }: ClientsOptions): Promise<ClientsResult> {
  const result: ClientsResult = { answers: 0, serverErrors: 0 };
  const client = async (offset: number) => {
    for (let round = 0; round < rounds; round++) {
      const request = requests[(offset * 97 + round * 13) % requests.length] as BadRequest;
      const answer = await timed(base, request, token);
      result.answers += 1;
      if (answer.status >= 500) result.serverErrors += 1;
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
  return result;
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  void runClients(workerData as ClientsOptions).then((result) => port.postMessage(result));
}
