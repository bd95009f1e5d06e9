import { Link, useNavigate, useSearchParams } from 'react-router';
import { Search } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Page } from '@client/components/ui/page';
import { searchHelp } from '../help-articles';

/**
 * The Help Center (decision record 046). The search is a plain GET form holding only the query, so it works before the
 * app starts (the browser loads /help?q=…); once the app runs it navigates without a reload.
 */
export default function HelpPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = params.get('q') ?? '';
  const results = searchHelp(query);

  return (
    <Page title="Help Center" description="Answers from our guides. Search, or browse them all.">
      <form
        method="get"
        action="/help"
        role="search"
        className="flex max-w-xl gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
          void navigate(q ? `/help?q=${encodeURIComponent(q)}` : '/help');
        }}
      >
        <label htmlFor="help-q" className="sr-only">Search the Help Center</label>
        <Input id="help-q" name="q" type="search" defaultValue={query} key={query} placeholder="e.g. Shopify webhook, payouts, coaching" />
        <Button type="submit"><Search aria-hidden className="h-4 w-4" /> Search</Button>
      </form>

      <section aria-label="Help articles" className="mt-8">
        {query && (
          <p className="mb-4 text-sm text-bark-700" aria-live="polite">
            {results.length === 0 ? `No guide matches “${query}”.` : `${results.length} ${results.length === 1 ? 'guide matches' : 'guides match'} “${query}”.`}
          </p>
        )}
        <ul className="grid gap-4 sm:grid-cols-2">
          {results.map((article) => (
            <li key={article.id} className="rounded-xl border border-bark-200 bg-white p-5" data-testid="help-article">
              <h2 className="font-semibold text-bark-900">{article.title}</h2>
              <p className="mt-2 text-sm text-bark-700">{article.body}</p>
              <Link to={article.to} className="mt-3 inline-block text-sm font-medium text-forest-700 underline">{article.linkText}</Link>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-sm text-bark-700">
          Did not find it? <Link to="/contact" className="font-medium text-forest-700 underline">Contact us</Link> and we answer by email.
        </p>
      </section>
    </Page>
  );
}
