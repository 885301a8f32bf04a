import { request as httpRequest } from 'node:http';

/** A GET sent exactly as given (fetch would resolve dot segments before sending). */
export function rawGet(origin: string, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    httpRequest({ hostname, port, path: target }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}
