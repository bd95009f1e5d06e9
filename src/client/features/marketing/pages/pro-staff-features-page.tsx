import { Link } from 'react-router';
import { signUpPath } from '@client/features/auth';
import { Star } from 'lucide-react';
import { plansFor } from '@shared/plans';
import { Button } from '@client/components/ui/button';
import { Badge } from '@client/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { PlanOfferCard } from '@client/components/plan-offer-card';
import { Faq } from '../components/faq';

type Tier = 'free' | 'pro' | 'elite';
type Feature = { name: string; description: string; tier: Tier };

const categories: { value: string; label: string; features: Feature[] }[] = [
  {
    value: 'profile', label: 'Profile', features: [
      { name: 'Public profile', description: 'Bio, location, specialties and years of experience in the pro staff directory.', tier: 'free' },
      { name: 'Portfolio and social links', description: 'Show your best hunts and link Instagram, YouTube, TikTok and more.', tier: 'free' },
      { name: 'Profile analytics', description: 'See how your profile performs with businesses.', tier: 'pro' },
      { name: 'Featured placement', description: 'Appear at the top of the directory and on the home page.', tier: 'elite' },
    ],
  },
  {
    value: 'jobs', label: 'Job Search', features: [
      { name: 'Browse opportunities', description: 'See every open pro staff position from outfitters, retailers and brands.', tier: 'free' },
      { name: 'Apply to 3 jobs a month', description: 'Send applications with a cover letter and follow their status.', tier: 'free' },
      { name: 'Unlimited applications', description: 'Apply to as many partnerships as you like.', tier: 'pro' },
      { name: 'Priority in search results', description: 'Rank higher when businesses search for your specialties.', tier: 'pro' },
    ],
  },
  {
    value: 'communication', label: 'Communication', features: [
      { name: 'Direct messaging', description: '10 messages a month with businesses, attachments included.', tier: 'free' },
      { name: 'Unlimited messaging', description: 'No monthly cap on conversations with brands.', tier: 'pro' },
      { name: 'One-on-one coaching', description: 'Sessions on pitching brands and growing your audience.', tier: 'elite' },
    ],
  },
  {
    value: 'earnings', label: 'Earnings', features: [
      { name: 'Commission tracking', description: 'See every commission a business records for you, pending and paid.', tier: 'free' },
      { name: 'Discount code sales', description: 'Orders with your code create commissions automatically.', tier: 'free' },
      { name: 'Monthly rankings', description: 'Compete for the top spots on each brand’s leaderboard.', tier: 'pro' },
    ],
  },
  {
    value: 'marketing', label: 'Marketing', features: [
      { name: 'Reviews', description: 'Collect reviews from the businesses you work with.', tier: 'free' },
      { name: 'Advertisements', description: 'Advertise your services to businesses.', tier: 'pro' },
      { name: 'Elite badge and spotlight', description: 'Stand out with an Elite badge and spotlight features.', tier: 'elite' },
    ],
  },
];

const tierTone = { free: 'neutral', pro: 'green', elite: 'orange' } as const;

const stories = [
  { name: 'Sarah W.', role: 'Duck calling champion', quote: 'Two call makers found me in my first month. My code sales now cover my season.' },
  { name: 'Marcus R.', role: 'Predator hunting guide', quote: 'The rankings keep me motivated, and every commission is tracked without spreadsheets.' },
  { name: 'Grace H.', role: 'Wildlife photographer', quote: 'Featured placement put my portfolio in front of the optics brands I always wanted to shoot for.' },
];

const faqs = [
  { question: 'Can I cancel at any time?', answer: 'Yes. Cancel whenever you like; your paid features stay active until the end of the current billing period.' },
  { question: 'How are commissions paid?', answer: 'Commission terms are negotiated directly between you and each business. HuntStaff tracks what is owed and paid so both sides see the same numbers.' },
  { question: 'Do I need a paid plan to get started?', answer: 'No. The Free plan includes a full profile, browsing and 3 applications per month.' },
];

export default function ProStaffFeaturesPage() {
  const plans = plansFor('pro_staff');
  const buttonLabel: Record<string, string> = { free: 'Get Started', pro: 'Upgrade to Pro', elite: 'Go Elite' };
  return (
    <>
      <section className="bg-forest-700 text-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight">Turn your time in the field into partnerships</h1>
          <p className="mt-4 max-w-2xl text-lg text-forest-100">
            Get discovered by hunting brands, apply to pro staff positions and track every commission you earn.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg" variant="accent"><Link to={signUpPath('pro_staff')}>Join Free</Link></Button>
            <Button asChild size="lg" variant="outline"><Link to="/search">Browse Pro Staff</Link></Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="features-heading" className="text-2xl font-bold">Everything you need as pro staff</h2>
        <Tabs defaultValue="profile" className="mt-6">
          <TabsList>
            {categories.map((category) => <TabsTrigger key={category.value} value={category.value}>{category.label}</TabsTrigger>)}
          </TabsList>
          {categories.map((category) => (
            <TabsContent key={category.value} value={category.value}>
              <ul className="grid gap-4 sm:grid-cols-2">
                {category.features.map((feature) => (
                  <li key={feature.name} className="rounded-xl border border-bark-200 bg-white p-5">
                    <div className="flex items-center justify-between gap-2">
                      <h3 className="font-semibold">{feature.name}</h3>
                      <Badge tone={tierTone[feature.tier]}>{feature.tier}</Badge>
                    </div>
                    <p className="mt-2 text-sm text-bark-700">{feature.description}</p>
                  </li>
                ))}
              </ul>
            </TabsContent>
          ))}
        </Tabs>
      </section>

      <section aria-labelledby="pro-plans-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="pro-plans-heading" className="text-2xl font-bold">Plans</h2>
        <div className="mt-6 grid gap-4 md:grid-cols-3">
          {plans.map((plan) => (
            <PlanOfferCard key={plan.id} plan={plan} action={buttonLabel[plan.id]}>
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {plan.features.map((feature) => <li key={feature}>{feature}</li>)}
              </ul>
            </PlanOfferCard>
          ))}
        </div>
      </section>

      <section aria-labelledby="stories-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="stories-heading" className="text-2xl font-bold">Success stories</h2>
        <div className="mt-6 grid gap-4 md:grid-cols-3">
          {stories.map((story) => (
            <figure key={story.name} className="rounded-xl border border-bark-200 bg-white p-5">
              <div className="flex gap-0.5 text-blaze-500" role="img" aria-label="5 out of 5 stars">
                {Array.from({ length: 5 }, (_, i) => <Star key={i} className="h-4 w-4 fill-current" aria-hidden="true" />)}
              </div>
              <blockquote className="mt-3 text-sm">“{story.quote}”</blockquote>
              <figcaption className="mt-3 text-sm font-semibold">{story.name} <span className="font-normal text-bark-700">· {story.role}</span></figcaption>
            </figure>
          ))}
        </div>
      </section>

      <Faq items={faqs} />

      <section className="mx-auto max-w-6xl px-4 py-12 text-center sm:px-6">
        <h2 className="text-2xl font-bold">Your next partnership starts here</h2>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg" variant="accent"><Link to={signUpPath('pro_staff')}>Create Your Profile</Link></Button>
          <Button asChild size="lg" variant="outline"><Link to="/search">See Who’s Here</Link></Button>
        </div>
      </section>
    </>
  );
}
