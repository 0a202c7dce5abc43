import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface SmtpSink {
  url: string;
  messages: ParsedMail[];
  /** Waits for the n-th message (1-based) to arrive. */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(count, timeoutMs = 5000) {
      const start = Date.now();
      while (messages.length < count) {
        if (Date.now() - start > timeoutMs)
          throw new Error(`expected ${count} mails, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return messages[count - 1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first portal link with a token in a mail's text. */
export function linkIn(mail: ParsedMail): URL {
  const match = mail.text?.match(/https?:\/\/\S+token=[A-Za-z0-9_-]+/);
  if (!match) throw new Error("no link in mail");
  return new URL(match[0]);
}
