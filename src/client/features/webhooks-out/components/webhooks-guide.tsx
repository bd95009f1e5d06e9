import { Link } from 'react-router';
import { outgoingEventTypes, SIGNATURE_TOLERANCE_SECONDS } from '@shared/contracts/webhooks-out';
import { CopyButton } from '@client/components/copy-button';
import { Card, CardContent } from '@client/components/ui/card';

// The receiver's side of outgoing webhooks (decision record 044). The server's test receiver
// (src/server/test/webhook-receiver.ts) implements exactly this check.
const verifySample = `import crypto from 'node:crypto';
import express from 'express';

const SECRET = process.env.HUNTSTAFF_WEBHOOK_SECRET; // whsec_…, shown once when you add the endpoint
const TOLERANCE_SECONDS = ${SIGNATURE_TOLERANCE_SECONDS};
const seen = new Set(); // use your database: event ids you have handled

function verify(header, rawBody, secret) {
  let t = null;
  const signatures = [];
  for (const part of String(header ?? '').split(',')) {
    const [key, value] = part.split('=', 2).map((s) => s.trim());
    if (key === 't') t = value;
    if (key === 'v1') signatures.push(value);
  }
  if (!t || !/^\\d+$/.test(t)) return false;
  if (Math.abs(Date.now() / 1000 - Number(t)) > TOLERANCE_SECONDS) return false; // too old: a replay
  const expected = Buffer.from(crypto.createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex'));
  return signatures.some((s) => {
    const given = Buffer.from(s);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}

const app = express();
// The raw bytes, exactly as sent: parsing and re-serialising the JSON would change them.
app.post('/hooks/huntstaff', express.raw({ type: 'application/json' }), (req, res) => {
  const body = req.body.toString('utf8');
  if (!verify(req.get('HuntStaff-Signature'), body, SECRET)) return res.status(400).end();
  const event = JSON.parse(body); // { id, type, created, data }
  if (!seen.has(event.id)) {
    seen.add(event.id);
    // handle event.type here, or queue it
  }
  res.status(200).end(); // answer within 10 seconds; do slow work afterwards
});
app.listen(3000);`;

/** The "Outgoing webhooks" section of the integration guide: what is sent, how to verify it, retries and limits. */
export function WebhooksGuide() {
  return (
    <section aria-labelledby="webhooks" className="mb-10">
      <h2 id="webhooks" className="mb-4 text-xl font-semibold">Outgoing webhooks (Enterprise)</h2>
      <Card>
        <CardContent className="flex flex-col gap-3 p-6 text-sm">
          <p>
            On <Link className="underline" to="/webhooks">Webhooks</Link>, add an endpoint and choose its events. HuntStaff then POSTs each event as JSON
            <code className="font-mono"> {'{ "id": "evt_…", "type": "commission.paid", "created": 1795860000, "data": { … } }'}</code>: amounts in minor units with their currency, ids and states, never contact details.
            Events: {outgoingEventTypes.map((type, i) => <span key={type}>{i > 0 ? ', ' : ''}<code className="font-mono">{type}</code></span>)}.
          </p>
          <ul className="list-disc space-y-1 pl-5">
            <li><strong>Signature:</strong> the header <code className="font-mono">HuntStaff-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</code>, where v1 is HMAC-SHA256 of <code className="font-mono">&lt;t&gt;.&lt;raw body&gt;</code> with your endpoint’s signing secret. Accept the delivery when any v1 matches (compare in constant time) and t is within {SIGNATURE_TOLERANCE_SECONDS / 60} minutes of your clock.</li>
            <li><strong>Rotation:</strong> Rotate Secret shows a new secret once; for 24 hours each delivery carries two v1 values, one per secret, so switch your receiver within that time.</li>
            <li><strong>At least once:</strong> a delivery can arrive more than once (a retry, or Resend): skip an <code className="font-mono">id</code> you have handled. Order is not guaranteed; use <code className="font-mono">created</code>.</li>
            <li><strong>Retries:</strong> anything but a 2xx answer within 10 seconds (a redirect too: none is followed) is retried after 1 minute, 5 minutes, 30 minutes, 2 hours, 5 hours, then every 10 hours: 12 attempts over about 3 days. Every attempt is in the delivery log with its status code and time taken, and Resend sends one again at once.</li>
            <li><strong>Turned off:</strong> an endpoint that has failed 10 attempts in a row with nothing accepted for 3 days is turned off and the account owner is emailed; turn it on again on the Webhooks page once it answers.</li>
            <li><strong>Addresses:</strong> endpoints must be https:// on a public address; private, loopback and link-local addresses are refused, and redirects are not followed.</li>
          </ul>
          <div className="relative rounded-lg border border-bark-200 bg-bark-900 text-sm">
            <div className="flex items-center justify-between border-b border-white/10 px-3 py-1.5 text-xs text-bark-100">
              <span>Node.js: verify a delivery</span>
              <CopyButton text={verifySample} label="Copy the Node.js verification sample" variant="ghost" className="text-white hover:bg-white/10 hover:text-white">Copy</CopyButton>
            </div>
            <pre className="overflow-x-auto p-4 text-[13px] leading-relaxed text-bark-50" tabIndex={0} aria-label="Node.js: verify a delivery"><code>{verifySample}</code></pre>
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
