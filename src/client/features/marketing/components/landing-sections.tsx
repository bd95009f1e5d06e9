import { BarChart3, Bell, CalendarClock, Check, FolderOpen, Handshake, MapPin, Share2, ShieldCheck, Smartphone, Target, Trophy, X } from 'lucide-react';
import { Faq } from './faq';

const features = [
  { icon: MapPin, title: 'Matching that fits', text: 'Find pro staff by specialty, location and audience, or let them find your openings.' },
  { icon: ShieldCheck, title: 'Verified profiles', text: 'Verified badges and reviews from businesses who worked with them.' },
  { icon: Handshake, title: 'Contract management', text: 'Job postings, applications and decisions in one place for both sides.' },
  { icon: BarChart3, title: 'Analytics', text: 'Promotion reach, clicks and spend, applications and program results.' },
  { icon: Trophy, title: 'Commission tracking', text: 'Every commission recorded, paid or pending, with monthly rankings.' },
  { icon: CalendarClock, title: 'Campaign scheduling', text: 'Paid promotions with start and end dates and daily budgets.' },
  { icon: FolderOpen, title: 'Content library', text: 'Portfolios and shared files that stay with the conversation.' },
  { icon: Share2, title: 'Social integration', text: 'Search pro staff by social handle and hashtag across platforms.' },
  { icon: Bell, title: 'Notifications', text: 'Live updates when a message, application or commission arrives.' },
  { icon: Smartphone, title: 'Mobile app', text: 'Install HuntStaff on your phone; the app shell works offline.' },
  { icon: Target, title: 'Goal setting', text: 'Plan limits and rankings that keep every program on target.' },
];

const comparison = [
  { need: 'Finding pro staff', old: 'DMs and word of mouth', ours: 'Searchable directory with filters' },
  { need: 'Tracking code sales', old: 'Spreadsheets updated by hand', ours: 'Store orders attributed automatically' },
  { need: 'Paying commissions', old: 'Emails and bank notes', ours: 'Commissions with status and history' },
  { need: 'Reaching the whole team', old: 'One message at a time', ours: 'Mass messages by specialty and location' },
  { need: 'Knowing who performs', old: 'Gut feeling', ours: 'Monthly rankings and analytics' },
];

const faqs = [
  { question: 'Who is HuntStaff for?', answer: 'Hunting businesses (outfitters, retailers and hunting operations) and the pro staff who represent them: hunters, guides and outdoor experts.' },
  { question: 'How much does it cost?', answer: 'Both sides can start free. Paid business plans are $49, $149 or $399 a month; pro staff plans are $19 or $49 a month.' },
  { question: 'Is there a free trial?', answer: 'Yes. Every paid plan starts with a 14-day free trial, and you can cancel anytime.' },
  { question: 'How do commissions work?', answer: 'Payment terms are negotiated directly between each business and pro staffer. HuntStaff records every commission and tracks discount code sales automatically.' },
  { question: 'Can I connect my online store?', answer: 'Yes. Shopify, WooCommerce, Magento, BigCommerce, Squarespace and custom stores can validate codes and report orders.' },
];

export function FeaturesOverview() {
  return (
    <section aria-labelledby="features-overview-heading" className="render-when-visible mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h2 id="features-overview-heading" className="text-2xl font-bold">Everything a pro staff program needs</h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3 rounded-xl border border-bark-200 bg-white p-5">
            <Icon className="h-6 w-6 shrink-0 text-forest-700" aria-hidden="true" />
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-bark-700">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ComparisonBlock() {
  return (
    <section aria-labelledby="comparison-heading" className="render-when-visible mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h2 id="comparison-heading" className="text-2xl font-bold">HuntStaff vs. doing it by hand</h2>
      {/* On phones each row stacks into a card with its own labels, so no column is hidden or scrolled. */}
      <div className="mt-6 rounded-xl border border-bark-200 bg-white">
        <table className="w-full text-sm" data-testid="comparison-table">
          <thead className="sr-only sm:not-sr-only sm:table-header-group">
            <tr className="border-b border-bark-200 bg-bark-100 text-left">
              <th scope="col" className="p-3">What you need</th>
              <th scope="col" className="p-3">The old way</th>
              <th scope="col" className="p-3">With HuntStaff</th>
            </tr>
          </thead>
          <tbody className="block sm:table-row-group">
            {comparison.map((row) => (
              <tr key={row.need} className="block border-b border-bark-100 p-3 last:border-0 sm:table-row sm:p-0">
                <th scope="row" className="block text-left font-medium sm:table-cell sm:p-3">{row.need}</th>
                <td className="mt-1 block text-bark-700 sm:mt-0 sm:table-cell sm:p-3">
                  <X className="mr-1 inline h-4 w-4 text-red-700" aria-hidden="true" />
                  <span className="sm:hidden">The old way: </span>
                  {row.old}
                </td>
                <td className="mt-1 block sm:mt-0 sm:table-cell sm:p-3">
                  <Check className="mr-1 inline h-4 w-4 text-forest-700" aria-hidden="true" />
                  <span className="sm:hidden">With HuntStaff: </span>
                  {row.ours}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function LandingFaq() {
  return <Faq items={faqs} />;
}
