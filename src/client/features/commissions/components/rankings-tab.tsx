import { useState } from 'react';
import { Award, BadgeCheck, Medal, RefreshCw, Trophy } from 'lucide-react';
import type { RankingEntry } from '@shared/contracts/commissions';
import { formatMoney } from '@shared/currency';
import { formatCents } from '@shared/format';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { useSession } from '@client/features/auth';
import { useCalculateRankings, useRankingCurrencies, useRankings } from '../api';
import { formatDateTime } from '@client/lib/format-dates';
import { toastError } from '@client/lib/toast-error';

const medals = {
  1: { Icon: Trophy, label: 'Gold medal', className: 'bg-yellow-100 text-yellow-700' },
  2: { Icon: Medal, label: 'Silver medal', className: 'bg-slate-100 text-slate-600' },
  3: { Icon: Award, label: 'Bronze medal', className: 'bg-orange-100 text-orange-800' },
} as const;

function RankMarker({ rank }: { rank: number }) {
  const medal = medals[rank as keyof typeof medals];
  if (!medal) {
    return <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-bark-100 text-sm font-semibold text-bark-700">#{rank}</span>;
  }
  const { Icon, label, className } = medal;
  return (
    <span role="img" aria-label={label} data-testid="ranking-medal" className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${className}`}>
      <Icon className="h-5 w-5" aria-hidden="true" />
    </span>
  );
}

/** USD as the rest of the commissions screens show it ($1,234.50); other currencies with their code (CAD 1234.50). */
const amount = (cents: number, currency: string) => (currency === 'USD' ? formatCents(cents) : formatMoney(cents, currency));

function RankingRow({ entry }: { entry: RankingEntry }) {
  const { profile } = entry;
  return (
    <li data-testid="ranking-entry" className="flex flex-col gap-3 rounded-lg border border-bark-200 bg-white p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <RankMarker rank={entry.rank} />
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 font-semibold text-bark-900">
            <span className="sr-only">Rank {entry.rank}: </span>
            {profile.firstName} {profile.lastName}
            {profile.isVerified && <BadgeCheck className="h-4 w-4 text-forest-700" aria-label="Verified" />}
          </p>
          <p className="text-xs text-bark-700">
            {profile.location ?? 'Location not specified'} · {profile.experience} years experience
          </p>
          {profile.specialties.length > 0 && (
            <div className="mt-1 flex flex-wrap gap-1">
              {profile.specialties.slice(0, 3).map((specialty) => (
                <Badge key={specialty} tone="outline">
                  {specialty}
                </Badge>
              ))}
              {profile.specialties.length > 3 && <Badge tone="neutral">+{profile.specialties.length - 3} more</Badge>}
            </div>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-[1fr_auto_1fr] gap-4 text-right text-sm sm:w-80 sm:grid-cols-3">
        <div>
          <dt className="text-xs text-bark-700">Total</dt>
          <dd className="font-semibold text-forest-800">{amount(entry.totalCommissionsCents, entry.currency)}</dd>
        </div>
        <div>
          <dt className="text-xs text-bark-700">Jobs</dt>
          <dd className="font-semibold">{entry.totalJobs}</dd>
        </div>
        <div>
          <dt className="text-xs text-bark-700">Average</dt>
          <dd className="font-semibold">{amount(entry.averageCommissionCents, entry.currency)}</dd>
        </div>
      </dl>
    </li>
  );
}

/** Segmented buttons, one per currency the business has commissions in; the pressed one is ranked. */
function CurrencySwitch({ currencies, value, onChange }: { currencies: string[]; value: string; onChange: (currency: string) => void }) {
  return (
    <div role="group" aria-label="Ranking currency" className="inline-flex flex-wrap gap-1 rounded-lg bg-bark-100 p-1">
      {currencies.map((currency) => (
        <button
          key={currency}
          type="button"
          aria-pressed={value === currency}
          onClick={() => onChange(currency)}
          className={
            value === currency
              ? 'rounded-md bg-white px-3 py-1 text-sm font-medium text-forest-800 shadow-sm'
              : 'rounded-md px-3 py-1 text-sm font-medium text-bark-700 hover:text-bark-900'
          }
        >
          {currency}
        </button>
      ))}
    </div>
  );
}

/** Business dashboard tab: pro staff ranked by commissions paid this calendar month (UTC), one currency at a time. */
export function RankingsTab() {
  const { user } = useSession();
  const businessId = user?.userType === 'business' ? user.businessId : null;

  if (businessId === null) {
    return <p className="text-sm text-bark-700">{user ? 'Please complete your business profile first.' : 'Please log in to view rankings.'}</p>;
  }
  return <RankingsCard businessId={businessId} />;
}

function RankingsCard({ businessId }: { businessId: number }) {
  const currencies = useRankingCurrencies(businessId);
  // The currency picked; until then (or once it is gone) the business's main currency.
  const [picked, setPicked] = useState<string | null>(null);
  const codes = currencies.data?.currencies.map((entry) => entry.currency) ?? [];
  const currency = currencies.data ? (picked !== null && codes.includes(picked) ? picked : currencies.data.defaultCurrency) : null;
  const rankings = useRankings(businessId, currency);
  const calculate = useCalculateRankings(businessId);
  const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());
  const onCalculate = async () => {
    try {
      await calculate.mutateAsync(currency);
    } catch (error) {
      toastError(error, 'Failed to calculate rankings.');
    }
  };
  const calculateButton = (
    <Button variant="outline" size="sm" onClick={onCalculate} disabled={calculate.isPending}>
      <RefreshCw className={`h-4 w-4 ${calculate.isPending ? 'animate-spin' : ''}`} aria-hidden="true" />
      {calculate.isPending ? 'Calculating...' : 'Calculate Rankings'}
    </Button>
  );
  const lastUpdated = rankings.data?.[0]?.lastUpdated;
  const several = codes.length > 1;

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Pro Staff Rankings</CardTitle>
          <CardDescription>
            Ranked by total paid commissions in {month} (UTC)
            {currency && codes.length > 0 ? <>, in <span data-testid="ranking-currency">{currency}</span></> : null}.
            {several && ' Each currency is ranked on its own; amounts are never added across currencies.'}
          </CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {several && currency && <CurrencySwitch currencies={codes} value={currency} onChange={setPicked} />}
          {calculateButton}
        </div>
      </CardHeader>
      <CardContent>
        {currencies.isLoading || rankings.isLoading ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-20 w-full" />
            ))}
          </div>
        ) : currencies.error || rankings.error ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
            <p className="text-sm text-red-700">Error loading rankings. Please try again.</p>
            {calculateButton}
          </div>
        ) : !rankings.data || rankings.data.length === 0 ? (
          <p className="py-6 text-center text-sm text-bark-700">
            {several
              ? `No rankings in ${currency} yet. Pro staff appear here once you mark their ${currency} commissions as paid this month.`
              : 'No rankings yet. Pro staff appear here once you mark their commissions as paid this month.'}
          </p>
        ) : (
          <>
            <ol className="flex flex-col gap-3" aria-label={`Rankings in ${currency}`}>
              {rankings.data.map((entry) => (
                <RankingRow key={entry.id} entry={entry} />
              ))}
            </ol>
            {lastUpdated && <p className="mt-3 text-xs text-bark-700">Last updated {formatDateTime(lastUpdated)}</p>}
          </>
        )}
      </CardContent>
    </Card>
  );
}
