// A webhook receiver for Tingyi in plain Node: it checks each delivery's Standard Webhooks signature with the
// endpoint's secret, answers 204, and prints the event as one JSON line. A delivery whose signature does not
// verify (another sender, an old timestamp, a changed body) is answered 400 and not printed.
//   npm install standardwebhooks
//   TINGYI_WEBHOOK_SECRET=whsec_… PORT=8799 node webhook-receiver.mjs
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.TINGYI_WEBHOOK_SECRET ?? '');

createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let event;
    try {
      // The raw body, exactly as sent: parsing and re-serialising it first would break the signature.
      event = webhook.verify(Buffer.concat(chunks).toString('utf8'), req.headers);
    } catch {
      res.writeHead(400).end('bad signature');
      return;
    }
    // Answer at once; the same `webhook-id` arriving again (a retry, a replay) is the same delivery.
    res.writeHead(204).end();
    console.log(JSON.stringify({ id: req.headers['webhook-id'], type: event.type, data: event.data }));
  });
}).listen(Number(process.env.PORT ?? 8799), '127.0.0.1');
