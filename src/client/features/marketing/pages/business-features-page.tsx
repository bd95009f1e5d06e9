import { Link } from 'react-router';
import { signUpPath } from '@client/features/auth';
import { Check, X, Users, BarChart3, Tag, MessageSquare, Trophy, ShieldCheck } from 'lucide-react';
import { featureGroups, featureLabels, plansFor, type FeatureKey, type Plan } from '@shared/plans';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { PlanOfferCard } from '@client/components/plan-offer-card';
import { Faq } from '../components/faq';

const businessPlans = plansFor('business');
const cardFeatures: FeatureKey[] = ['jobPostings', 'messaging', 'discountCodes', 'advertisements', 'support'];

/** A feature is absent from a plan when its text says so ('Not included' / 'Not available', decision record 010 §9). */
function isIncluded(text: string | undefined): boolean {
  return Boolean(text) && !/not included|not available/i.test(text!);
}

function PlanCard({ plan }: { plan: Plan }) {
  return (
    <PlanOfferCard plan={plan} action={plan.priceCents === 0 ? 'Get Started' : 'Start Free Trial'}>
      <dl className="flex flex-col gap-2 text-sm">
        {cardFeatures.map((key) => (
          <div key={key} className="flex justify-between gap-3">
            <dt className="text-bark-700">{featureLabels[key]}</dt>
            <dd className="text-right font-medium">{plan.featureMap[key]}</dd>
          </div>
        ))}
      </dl>
    </PlanOfferCard>
  );
}

function ComparisonTable({ keys, asChecks }: { keys: FeatureKey[]; asChecks: boolean }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-bark-200 bg-white">
      <table className="w-full min-w-[640px] text-sm">
        <thead>
          <tr className="border-b border-bark-200 bg-bark-100 text-left">
            <th scope="col" className="p-3">Feature</th>
            {businessPlans.map((plan) => <th key={plan.id} scope="col" className="p-3">{plan.name}</th>)}
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key} className="border-b border-bark-100 last:border-0">
              <th scope="row" className="p-3 text-left font-medium">{featureLabels[key]}</th>
              {businessPlans.map((plan) => {
                const text = plan.featureMap[key];
                if (!asChecks) return <td key={plan.id} className="p-3">{text}</td>;
                return (
                  <td key={plan.id} className="p-3">
                    {isIncluded(text) ? (
                      <Check className="h-5 w-5 text-forest-600" aria-label="Included" />
                    ) : (
                      <X className="h-5 w-5 text-bark-500" aria-label="Not included" />
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const tabs = [
  { value: 'core', label: 'Core', group: 0 },
  { value: 'marketing', label: 'Marketing', group: 1 },
  { value: 'analytics', label: 'Analytics', group: 2 },
  { value: 'communication', label: 'Communication', group: 3 },
  { value: 'enterprise', label: 'Enterprise', group: 4 },
];

const reasons = [
  { icon: Users, title: 'Pro staff who fit', text: 'Search by specialty, location and audience and message candidates directly.' },
  { icon: ShieldCheck, title: 'Verified profiles', text: 'Verified badges and real reviews from businesses who worked with them.' },
  { icon: Trophy, title: 'Commissions and rankings', text: 'Track what you owe each pro staffer and see who drives the most sales every month.' },
  { icon: Tag, title: 'Discount codes that attribute', text: 'Give each pro staffer a code; store orders create their commissions automatically.' },
  { icon: MessageSquare, title: 'Messaging at scale', text: 'One-to-one conversations with attachments and mass messages filtered by specialty and location.' },
  { icon: BarChart3, title: 'Analytics', text: 'Promotion impressions, clicks and spend, job applications and program performance.' },
];

const faqs = [
  { question: 'Can I change plans later?', answer: 'Yes. You can upgrade or downgrade at any time; changes take effect immediately and billing is prorated.' },
  { question: 'Is there a free trial?', answer: 'All paid plans include a 14-day free trial. The Free plan stays free forever.' },
  { question: 'Which store platforms can I connect?', answer: 'Shopify, WooCommerce, Magento, BigCommerce, Squarespace, and custom stores through our API and webhooks.' },
  { question: 'How are commission payments to pro staff tracked?', answer: 'Automatically. Orders that use a pro staffer’s discount code create a pending commission for them, and paid commissions feed the monthly rankings.' },
];

export default function BusinessFeaturesPage() {
  return (
    <>
      <section className="bg-forest-700 text-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight">Build a pro staff program that sells</h1>
          <p className="mt-4 max-w-2xl text-lg text-forest-100">
            Recruit hunters, guides and outdoor experts, manage their codes and commissions, and see which partnerships pay off.
          </p>
        </div>
      </section>

      <section aria-labelledby="plans-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="plans-heading" className="text-2xl font-bold">Plans for every operation</h2>
        <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {businessPlans.map((plan) => <PlanCard key={plan.id} plan={plan} />)}
        </div>
      </section>

      <section aria-labelledby="compare-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="compare-heading" className="text-2xl font-bold">Compare plans</h2>
        <Tabs defaultValue="overview" className="mt-6">
          <TabsList>
            <TabsTrigger value="overview">Overview</TabsTrigger>
            {tabs.map((tab) => <TabsTrigger key={tab.value} value={tab.value}>{tab.label}</TabsTrigger>)}
          </TabsList>
          <TabsContent value="overview">
            <ComparisonTable keys={featureGroups.slice(0, 3).flatMap((group) => group.keys)} asChecks />
          </TabsContent>
          {tabs.map((tab) => (
            <TabsContent key={tab.value} value={tab.value}>
              <h3 className="mb-3 text-lg font-semibold">{featureGroups[tab.group].title}</h3>
              <ComparisonTable keys={featureGroups[tab.group].keys} asChecks={false} />
            </TabsContent>
          ))}
        </Tabs>
      </section>

      <section aria-labelledby="why-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="why-heading" className="text-2xl font-bold">Why hunting brands choose HuntStaff</h2>
        <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {reasons.map(({ icon: Icon, title, text }) => (
            <TitledCard key={title} leading={<Icon className="h-6 w-6 text-blaze-500" aria-hidden="true" />} title={title} description={text} />
          ))}
        </div>
      </section>

      <Faq items={faqs} />

      <section className="mx-auto max-w-6xl px-4 py-12 text-center sm:px-6">
        <h2 className="text-2xl font-bold">Ready to grow your pro staff team?</h2>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg" variant="accent"><Link to="/subscription">Choose a Plan</Link></Button>
          <Button asChild size="lg" variant="outline"><Link to={signUpPath('business')}>Create a Free Account</Link></Button>
        </div>
      </section>
    </>
  );
}
