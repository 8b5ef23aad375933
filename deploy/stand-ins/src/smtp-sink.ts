// A local SMTP server standing in for the company's mail relay (local mode and tests): it accepts every
// message (real SMTP, spoken to by nodemailer), logs it, and shows it on a small mailbox page and as JSON.
//   SMTP_PORT=0 HTTP_PORT=0 node deploy/stand-ins/src/smtp-sink.ts   → prints {"smtpPort":…,"httpPort":…} once listening
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { STAND_IN_HOST } from './host.ts';

interface StoredMessage {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

const messages: StoredMessage[] = [];
const MAX_MESSAGES = 500;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  banner: 'Venue Book local mail sink',
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const message: StoredMessage = {
          id: messages.length + 1,
          from: mail.from?.text ?? '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          receivedAt: new Date().toISOString(),
        };
        messages.push(message);
        if (messages.length > MAX_MESSAGES) messages.shift();
        console.log(`[mail] to ${message.to.join(', ')}: ${message.subject}\n${message.text}`);
        callback();
      })
      .catch((error: unknown) => callback(error as Error));
  },
});

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (value: string): string => escapeHtml(value).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const list = to ? messages.filter((m) => m.to.some((address) => address.toLowerCase() === to)) : messages;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
    return;
  }
  if (url.pathname === '/') {
    const rows = [...messages]
      .reverse()
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p><b>To:</b> ${escapeHtml(m.to.join(', '))} · ${m.receivedAt}</p><pre>${linkify(m.text)}</pre></article>`,
      )
      .join('');
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><meta charset="utf-8"><title>Venue Book · local mailbox</title><style>body{font:14px system-ui;max-width:50rem;margin:2rem auto}article{border:1px solid #ddd;border-radius:8px;padding:0 1rem;margin:1rem 0}pre{white-space:pre-wrap}</style><h1>Local mailbox (development only)</h1>${rows || '<p>No messages yet.</p>'}`,
      );
    return;
  }
  response.writeHead(404).end();
});

const host = STAND_IN_HOST;
smtp.listen(Number(process.env.SMTP_PORT ?? 0), host, () => {
  http.listen(Number(process.env.HTTP_PORT ?? 0), host, () => {
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    const httpPort = (http.address() as AddressInfo).port;
    console.log(JSON.stringify({ smtpPort, httpPort }));
  });
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    smtp.close(() => http.close(() => process.exit(0)));
    setTimeout(() => process.exit(0), 2000).unref();
  });
}
