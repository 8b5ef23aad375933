import nodemailer from 'nodemailer';
import type { Logger } from '@venuebook/service-kit';

export interface Mailer {
  sendConfirmation(to: string, link: string): Promise<void>;
  close(): void;
}

/**
 * Sign-up confirmation mail over SMTP (nodemailer). SMTP_URL comes from configuration: the company's mail
 * relay in production, the local sink of @venuebook/stand-ins in local mode and in tests.
 */
export function createMailer(options: { smtpUrl: string; from: string; logger: Logger }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async sendConfirmation(to, link) {
      await transport.sendMail({
        from: options.from,
        to,
        subject: 'Confirm your Venue Book sign-up',
        text: `Welcome to Venue Book.\n\nConfirm your e-mail address to finish signing up:\n${link}\n\nIf you did not sign up, ignore this message.`,
        html: `<p>Welcome to Venue Book.</p><p><a href="${link}">Confirm your e-mail address</a> to finish signing up.</p><p>If you did not sign up, ignore this message.</p>`,
      });
      options.logger.info({ to }, 'confirmation mail sent');
    },
    close() {
      transport.close();
    },
  };
}
