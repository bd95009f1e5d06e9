import { lazy, Suspense, useState } from 'react';
import type { CodeCard } from '@shared/contracts/code-links';
import { Button } from '@client/components/ui/button';
import { SummaryCard } from '@client/components/ui/card';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { useCodeCards } from '../api';

const QrCard = lazy(() => import('./qr-card'));

/** Pro staff dashboard: the staffer's active codes, each with its printable QR card; nothing while they have none. */
export function MyCodeCards() {
  const cards = useCodeCards();
  const [open, setOpen] = useState<CodeCard | null>(null);
  if (!cards.data?.length) return null;
  return (
    <SummaryCard title="My Codes" data-testid="my-codes-card">
      <ul className="flex flex-col gap-1.5">
        {cards.data.map((card) => (
          <li key={card.codeId} className="flex min-w-0 items-center justify-between gap-2">
            <span className="min-w-0 truncate"><span className="font-mono font-semibold">{card.code}</span> <span className="text-bark-700">· {card.businessName}</span></span>
            <Button size="sm" variant="outline" onClick={() => setOpen(card)} aria-label={`QR card for ${card.code}`}>QR card</Button>
          </li>
        ))}
      </ul>
      <Dialog open={open !== null} onOpenChange={(value) => !value && setOpen(null)}>
        {open && (
          <DialogContent title={`QR card for ${open.code}`} description="Print it for your table or booth: a scan opens the store with your code.">
            <Suspense fallback={<Skeleton className="h-80" />}><QrCard card={open} /></Suspense>
          </DialogContent>
        )}
      </Dialog>
    </SummaryCard>
  );
}
