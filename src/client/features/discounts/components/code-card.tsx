import { Pencil, Power, RefreshCw } from 'lucide-react';
import type { DiscountCode } from '@shared/contracts/discounts';
import { formatUsd } from '@shared/format';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { describeDiscount, formatDateTime, isExpired } from '../format';
import { CopyButton } from '@client/components/copy-button';

export function CodeCard({ code, onEdit, onToggle, onRotate, toggling }: { code: DiscountCode; onEdit(): void; onToggle(): void; onRotate(): void; toggling: boolean }) {
  const expired = isExpired(code);
  return (
    <Card data-testid={`code-${code.code}`}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-lg font-bold tracking-wide">{code.code}</span>
            <Badge tone={code.isActive ? 'green' : 'neutral'}>{code.isActive ? 'Active' : 'Inactive'}</Badge>
            {expired && <Badge tone="red">Expired</Badge>}
          </div>
          <p className="mt-1 text-sm text-bark-700">{code.description}</p>
        </div>
        <CopyButton text={code.code} label={`Copy code ${code.code}`} toastTitle="Copied" toastDescription="Code copied to clipboard." />
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <dt className="text-bark-700">Discount</dt>
          <dd className="font-medium">{describeDiscount(code)}</dd>
          <dt className="text-bark-700">Platform</dt>
          <dd className="font-medium">{code.platform}</dd>
          <dt className="text-bark-700">Pro staff</dt>
          <dd className="font-medium">{code.proStaffName ? `${code.proStaffName} · ${code.commissionRate}%` : 'None'}</dd>
          <dt className="text-bark-700">Expires</dt>
          <dd className="font-medium">{code.expiresAt ? formatDateTime(code.expiresAt) : 'Never'}</dd>
          <dt className="text-bark-700">Uses</dt>
          <dd className="font-medium">
            {code.usageCount} · {(code.revenueByCurrency ?? []).length === 0 ? formatUsd(0) : code.revenueByCurrency.map((r) => (r.currency === 'USD' ? formatUsd(Number(r.amount)) : `${r.currency} ${r.amount}`)).join(' · ')} in orders
          </dd>
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onEdit}><Pencil className="h-4 w-4" aria-hidden /> Edit</Button>
          <Button variant="outline" size="sm" onClick={onToggle} disabled={toggling}>
            <Power className="h-4 w-4" aria-hidden /> {code.isActive ? 'Deactivate' : 'Activate'}
          </Button>
          {/* Rotation replaces a live code; an inactive one has nothing left to leak. */}
          {code.isActive && (
            <Button variant="outline" size="sm" onClick={onRotate}>
              <RefreshCw className="h-4 w-4" aria-hidden /> Rotate code<span className="sr-only"> {code.code}</span>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
