import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Check } from 'lucide-react';
import { plansFor, type UserType } from '@shared/plans';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { PlanOfferCard } from '@client/components/plan-offer-card';
import { dashboardPathFor, signUpPath, useSession } from '@client/features/auth';
import { FeaturedProStaff } from '@client/features/directory';
import { ComparisonBlock, FeaturesOverview, LandingFaq } from '../components/landing-sections';
import { ScheduleDemoButton } from '../components/schedule-demo-button';

function PlanGrid({ userType }: { userType: UserType }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {plansFor(userType).map((plan) => (
        <PlanOfferCard key={plan.id} plan={plan} action={plan.priceCents === 0 ? 'Get Started' : 'Start Free Trial'}>
          <ul className="flex flex-col gap-2 text-sm">
            {plan.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-forest-600" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
        </PlanOfferCard>
      ))}
    </div>
  );
}

export default function LandingPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [pricing, setPricing] = useState<UserType>('business');
  const go = (userType: UserType) => navigate(user ? dashboardPathFor(user.userType) : signUpPath(userType));

  return (
    <>
      <section className="bg-gradient-to-br from-forest-800 via-forest-700 to-forest-600 text-white">
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            Where hunting brands find their pro staff
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-forest-100">
            Outfitters, retailers and hunting operations meet the hunters, guides and outdoor experts who carry their name into the field.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button size="lg" variant="accent" onClick={() => go('business')}>I'm a Business</Button>
            <Button size="lg" variant="outline" onClick={() => go('pro_staff')}>I'm a Pro Staffer</Button>
          </div>
        </div>
      </section>

      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-12 sm:px-6 md:grid-cols-2">
        <TitledCard title="For hunting businesses" description="Post jobs, search pro staff by specialty, location and audience, and track commissions and rankings.">
          <Button asChild variant="link"><Link to="/business-features">See business features</Link></Button>
        </TitledCard>
        <TitledCard title="For pro staff" description="Build a verified profile and portfolio, apply to brand partnerships and get paid for the audience you built.">
          <Button asChild variant="link"><Link to="/pro-staff-features">See pro staff features</Link></Button>
        </TitledCard>
      </section>

      <FeaturedProStaff />

      <section aria-labelledby="pricing-heading" className="render-when-visible mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="pricing-heading" className="text-2xl font-bold">Simple monthly pricing</h2>
        <p className="mt-1 text-bark-700">Every paid plan starts with a 14-day free trial. Cancel anytime.</p>
        <Tabs value={pricing} onValueChange={(value) => setPricing(value as UserType)} className="mt-6">
          <TabsList>
            <TabsTrigger value="business">For Businesses</TabsTrigger>
            <TabsTrigger value="pro_staff">For Pro Staff</TabsTrigger>
          </TabsList>
          <TabsContent value="business"><PlanGrid userType="business" /></TabsContent>
          <TabsContent value="pro_staff"><PlanGrid userType="pro_staff" /></TabsContent>
        </Tabs>
      </section>

      <FeaturesOverview />
      <ComparisonBlock />
      <LandingFaq />

      <section className="render-when-visible mx-auto max-w-6xl px-4 py-12 text-center sm:px-6">
        <h2 className="text-2xl font-bold">Ready for the season?</h2>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg" variant="accent"><Link to={signUpPath()}>Start Free Trial</Link></Button>
          <ScheduleDemoButton />
        </div>
      </section>
    </>
  );
}
