import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanUsageResponse, UsageKey } from '@shared/contracts/usage';
import { ApiError, getJson, planUsageKey } from '../lib/api';
import { Button } from './ui/button';
import { Dialog, DialogClose, DialogContent } from './ui/dialog';


/** The signed-in account's usage of each plan limit (GET /api/plan-usage). */
export const planUsageQuery = () =>
  queryOptions({ queryKey: planUsageKey, queryFn: () => getJson<PlanUsageResponse>('/api/plan-usage'), staleTime: 0 });

export function usePlanUsage(enabled = true) {
  return useQuery({ ...planUsageQuery(), enabled });
}

/** The upgrade target of a PLAN_LIMIT error (`error.details.upgradeUrl`), or null for any other error. */
export function upgradeUrlOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'PLAN_LIMIT') return null;
  const details = error.details as { upgradeUrl?: unknown } | undefined;
  return typeof details?.upgradeUrl === 'string' && details.upgradeUrl.startsWith('/') ? details.upgradeUrl : '/subscription';
}

/** The toast link for a plan-limit refusal; undefined for any other error. */
export function upgradeToastLink(error: unknown): { href: string; label: string } | undefined {
  const href = upgradeUrlOf(error);
  return href ? { href, label: 'Upgrade your plan' } : undefined;
}

export function UpgradeLink({ to, children = 'Upgrade your plan', onClick }: { to: string; children?: ReactNode; onClick?: () => void }) {
  return (
    <Link to={to} onClick={onClick} className="font-medium text-forest-700 underline underline-offset-4">
      {children}
    </Link>
  );
}

/**
 * Gate before the form (decision 016): `attempt(openForm)` opens the form only when none of `keys` is at
 * its limit; otherwise `dialog` shows the limit and an upgrade link instead. The usage is read when the
 * page mounts and again after every successful change (lib/api.ts invalidates it), so the decision is
 * taken at once on click. A click before the usage has loaded waits for it; if it cannot be read, the
 * form opens and the server's own refusal (with its upgrade link) still applies.
 */
export function useLimitGate(keys: UsageKey[]) {
  const usage = usePlanUsage();
  const [blocked, setBlocked] = useState<string | null>(null);
  const reachedMessage = (data: PlanUsageResponse | undefined) => {
    if (!data) return null;
    const hit = keys.map((key) => data.limits[key]).find((limit) => limit?.reached);
    return hit ? (hit.message ?? 'You have reached your plan limit.') : null;
  };
  const upgradeUrl = usage.data?.upgradeUrl ?? '/subscription';

  // A click that comes before the usage has arrived waits for it (one read), so a fast click on a
  // freshly opened page is gated like a slow one. If the usage cannot be read, the form opens.
  const attempt = (openForm: () => void) => {
    const decide = (data: PlanUsageResponse | undefined) => {
      const message = reachedMessage(data);
      if (message) setBlocked(message);
      else openForm();
    };
    if (usage.data || !usage.isPending) decide(usage.data);
    else void usage.refetch().then((result) => decide(result.data), () => decide(undefined));
  };

  const dialog = (
    <Dialog open={blocked !== null} onOpenChange={(open) => !open && setBlocked(null)}>
      {blocked !== null && (
        <DialogContent title="Plan limit reached" description={blocked}>
          <p className="text-sm text-bark-700">Upgrade to a plan with a higher limit, or start a free trial, to continue.</p>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <DialogClose asChild><Button variant="outline">Not now</Button></DialogClose>
            <Button asChild onClick={() => setBlocked(null)}><Link to={upgradeUrl}>Upgrade your plan</Link></Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );

  return { attempt, dialog, reached: reachedMessage(usage.data), upgradeUrl };
}
