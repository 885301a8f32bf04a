import net from 'node:net';

export interface RawExchange {
  /** What the server wrote back, as text ('' when it wrote nothing). */
  answer: string;
  /** Ms from connecting until the server closed the connection. */
  closedAfterMs: number;
}

/**
 * Writes `bytes` to the server as they are (a request line fetch would never send, a body
 * that never ends) and waits for the server to close the connection, at most `waitMs`.
 */
export function rawRequest(origin: string, bytes: string, waitMs = 20_000): Promise<RawExchange> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(Number(port), hostname, () => socket.write(bytes));
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`The server kept the connection open for ${waitMs} ms`));
    }, waitMs);
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => {}); // a reset is a close too
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}
