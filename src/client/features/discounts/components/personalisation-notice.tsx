import { Link } from 'react-router';
import { Info } from 'lucide-react';
import type { SnippetSetup } from '../use-snippet-context';

export function PersonalisationNotice({ setup }: { setup: SnippetSetup }) {
  return (
    <p className="flex gap-2 rounded-lg border border-forest-200 bg-forest-50 p-4 text-sm text-forest-900" data-testid="personalisation-notice">
      <Info className="h-5 w-5 shrink-0" aria-hidden />
      {setup.personalised ? (
        <span>
          The samples below use your Business ID <strong className="font-mono">{setup.context.businessId}</strong> and this site's endpoints.
          Replace <code className="font-mono">YOUR_PUBLISHABLE_KEY</code> (pages) and <code className="font-mono">YOUR_SECRET_KEY</code> (your server only) with the keys shown when you added the platform on{' '}
          <Link className="font-medium underline" to="/discount-codes">Discount Codes</Link>.
        </span>
      ) : (
        <span>
          <Link className="font-medium underline" to="/auth">Sign in</Link> with a business account to fill the samples with your Business ID and
          webhook URLs. Add a platform on the Discount Codes page to get your API key.
        </span>
      )}
    </p>
  );
}
