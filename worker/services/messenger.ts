import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

/**
 * Sends verification codes and notices by email or SMS. A channel is available when a provider is
 * configured (RESEND_API_KEY for email through Resend's HTTP API; TWILIO_* for SMS through Twilio's
 * Messages API) or, in development, always: there messages go to the outbox table and the log instead.
 */
export type Channel = 'email' | 'sms';

export interface Message {
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
}

const isDevelopment = (env: Env) => env.ENVIRONMENT === 'development';

export function channelAvailable(env: Env, channel: Channel): boolean {
  if (isDevelopment(env)) return true;
  return channel === 'email' ? Boolean(env.RESEND_API_KEY && env.EMAIL_FROM) : Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM);
}

export async function send(env: Env, db: Db, message: Message): Promise<void> {
  if (isDevelopment(env)) {
    await db.insert(outbox).values({ ...message, createdAt: Date.now() });
    console.log(JSON.stringify({ level: 'info', outbox: message }));
    return;
  }
  const response =
    message.channel === 'email'
      ? await fetch('https://api.resend.com/emails', {
          method: 'POST',
          headers: { authorization: `Bearer ${env.RESEND_API_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ from: env.EMAIL_FROM, to: [message.recipient], subject: message.subject, text: message.body }),
        })
      : await fetch(`https://api.twilio.com/2010-04-01/Accounts/${env.TWILIO_ACCOUNT_SID}/Messages.json`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${btoa(`${env.TWILIO_ACCOUNT_SID}:${env.TWILIO_AUTH_TOKEN}`)}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ To: message.recipient, From: env.TWILIO_FROM ?? '', Body: message.body }),
        });
  if (!response.ok) throw new Error(`${message.channel} provider answered ${response.status}`);
}

/** The latest messages the development outbox holds for one address (never everyone's). */
export const outboxFor = (db: Db, recipient: string) =>
  db.query.outbox.findMany({ where: eq(outbox.recipient, recipient), orderBy: desc(outbox.id), limit: 50 });
