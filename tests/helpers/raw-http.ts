import net from 'node:net';

export interface RawAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  /** The whole answer as received; empty when the server closed without one. */
  text: string;
}

/** Sends bytes exactly as given (no client normalises them) and reads the first answer. */
export function rawRequest(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request, 'latin1'));
    let text = '';
    let isDone = false;
    const done = () => {
      if (isDone) return;
      isDone = true;
      socket.destroy();
      resolve(parseAnswer(text));
    };
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      // One answer is enough; keep-alive connections would otherwise stay open.
      const end = text.indexOf('\r\n\r\n');
      if (end >= 0) {
        const length = /content-length: *(\d+)/i.exec(text.slice(0, end));
        if (length && text.length >= end + 4 + Number(length[1])) done();
      }
    });
    socket.on('end', done);
    socket.on('error', done);
    setTimeout(done, 3000);
  });
}

function parseAnswer(text: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return { statusCode: 0, headers: {}, body: '', text };
  const [statusLine, ...headerLines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { statusCode: Number(statusLine?.split(' ')[1]), headers, body: text.slice(end + 4), text };
}
