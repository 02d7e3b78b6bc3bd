// The mail server of the Hosting stack (hosting-stack.ts): on Firebase every instance sends through SMTP_URL, its own
// disk being thrown away with it (issue 68), so the instances here do too. A minimal SMTP server (RFC 5321, no TLS, no
// auth) that writes each message it accepts as an .eml file into one folder, as the outbox transport of the app does
// (written beside, then renamed; Unix line ends): tests/e2e/utils.ts reads the mails of both instances there.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface SmtpStandIn {
  url: string;
  close(): Promise<void>;
}

export async function startSmtpStandIn(outboxDir: string, port = 0): Promise<SmtpStandIn> {
  fs.mkdirSync(outboxDir, { recursive: true });
  const sockets = new Set<net.Socket>();
  let written = 0;
  const keep = (message: string) => {
    // The data as sent: dots doubled at the start of a line (RFC 5321 §4.5.2) and CRLF line ends.
    const text = message.replace(/^\.\./gm, '.').replace(/\r\n/g, '\n');
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-smtp-${String(written++).padStart(6, '0')}.eml`;
    const temp = path.join(outboxDir, `.${name}.${crypto.randomBytes(4).toString('hex')}.tmp`);
    fs.writeFileSync(temp, Buffer.from(`${text}\n`, 'latin1'));
    fs.renameSync(temp, path.join(outboxDir, name));
  };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    const reply = (line: string) => !socket.destroyed && socket.write(`${line}\r\n`);
    let buffer = '';
    let inData = false;
    reply('220 smtp-local ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      while (true) {
        if (inData) {
          const end = buffer.startsWith('.\r\n') ? -2 : buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          keep(end === -2 ? '' : buffer.slice(0, end));
          buffer = buffer.slice(end === -2 ? 3 : end + 5);
          inData = false;
          reply('250 2.0.0 accepté');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-smtp-local\r\n250 8BITMIME');
        else if (verb === 'HELO' || verb === 'MAIL' || verb === 'RCPT' || verb === 'RSET' || verb === 'NOOP')
          reply('250 ok');
        else if (verb === 'DATA') {
          inData = true;
          reply('354 fin par <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 au revoir');
          socket.end();
        } else reply('502 commande inconnue');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
