import { useEffect, useRef, useState } from 'react';
import { CalendarDays, Download, Plus } from 'lucide-react';
import { splitRuleLabels, type BoothEvent } from '@shared/contracts/booths';
import { formatMoney } from '@shared/currency';
import { ProgramPage } from '@client/components/program-page';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { describeError } from '@client/lib/api';
import { boothReportCsvUrl, useBoothEvents, useBoothReport } from '../api';
import { BoothDialog } from '../components/booth-dialog';

const Failed = ({ error }: { error: unknown }) => <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">{describeError(error)}</p>;

/** The booth's report: one row per day of its zone and currency, ready as soon as the orders are in. */
function BoothReportTable({ event }: { event: BoothEvent }) {
  const report = useBoothReport(event.id);
  if (report.isLoading) return <Skeleton className="h-16" />;
  if (report.isError) return <Failed error={report.error} />;
  const days = report.data?.days ?? [];
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Report by day ({event.timeZone})</h3>
        <Button asChild variant="outline" size="sm"><a href={boothReportCsvUrl(event.id)} download><Download className="h-4 w-4" aria-hidden /> Download CSV</a></Button>
      </div>
      {days.length === 0 ? <p className="text-sm text-bark-700">No sales at this booth yet.</p> : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm" data-testid="booth-report">
            <thead className="text-bark-700">
              <tr><th className="py-1 pr-3">Day</th><th className="pr-3">Sales</th><th className="pr-3">Code sales</th><th className="pr-3">Units</th><th className="pr-3">Revenue</th><th className="pr-3">Commissions</th><th>Staffers</th></tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={`${d.date}-${d.currency}`} className="border-t border-bark-100 align-top">
                  <td className="py-1 pr-3">{d.date}</td>
                  <td className="pr-3">{d.sales}</td>
                  <td className="pr-3">{d.codeSales}{d.codes.length ? ` (${d.codes.join(', ')})` : ''}</td>
                  <td className="pr-3">{d.units}</td>
                  <td className="pr-3">{formatMoney(d.revenueMinor, d.currency)}</td>
                  <td className="pr-3">{formatMoney(d.commissionMinor, d.currency)}</td>
                  <td>{d.staffers.map((s) => `${s.name}: ${formatMoney(s.commissionMinor, d.currency)}`).join('; ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function BoothCard({ event, onEdit }: { event: BoothEvent; onEdit(): void }) {
  // A campaign's event-day task links here (`/events#booth-event-<id>`): that booth opens with its report, in view.
  const anchor = `booth-event-${event.id}`;
  const linked = window.location.hash === `#${anchor}`;
  const [showReport, setShowReport] = useState(linked);
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (linked) card.current?.scrollIntoView({ block: 'start' });
  }, [linked]);
  const first = event.days[0]?.date;
  const last = event.days.at(-1)?.date;
  return (
    <div id={anchor} ref={card} className="scroll-mt-20">
      <Card>
        <CardContent className="flex flex-col gap-3 p-4" data-testid="booth-row">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h2 className="font-semibold break-words">{event.name}</h2>
              <p className="text-sm text-bark-700 break-words">
                {event.place ? `${event.place} · ` : ''}{first === last ? first : `${first} to ${last}`} · {splitRuleLabels[event.splitRule]} · {event.commissionRateBps / 100}%
              </p>
              <p className="text-sm text-bark-700 break-words">Staff: {event.staff.length ? event.staff.map((s) => s.name).join(', ') : 'nobody yet'}</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={onEdit}>Edit</Button>
              <Button variant="outline" size="sm" aria-expanded={showReport} onClick={() => setShowReport((v) => !v)}>{showReport ? 'Hide report' : 'Report'}</Button>
            </div>
          </div>
          {showReport && <BoothReportTable event={event} />}
        </CardContent>
      </Card>
    </div>
  );
}

/** A business's event booths (decision record 040): list, New Event / Edit, and each booth's report. */
function BusinessBooths() {
  const events = useBoothEvents();
  const [editing, setEditing] = useState<BoothEvent | null | undefined>(undefined);
  return (
    <Page
      title="Events"
      description="Booths at shows and fairs: counter sales made there while you are open are split among the staffers working it."
      actions={<Button onClick={() => setEditing(null)}><Plus className="h-4 w-4" aria-hidden /> New Event</Button>}
    >
      {events.isLoading ? <Skeleton className="h-20" /> : events.isError ? <Failed error={events.error} /> : !events.data?.length ? (
        <div className="rounded-xl border border-dashed border-bark-200 p-8 text-center">
          <CalendarDays className="mx-auto h-8 w-8 text-bark-500" aria-hidden />
          <p className="mt-2 font-medium">No events yet. New Event sets up a booth: its days and hours, the store location of its register and who works it.</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">{events.data.map((e) => <li key={e.id}><BoothCard event={e} onEdit={() => setEditing(e)} /></li>)}</ul>
      )}
      <BoothDialog open={editing !== undefined} onOpenChange={(open) => !open && setEditing(undefined)} base={editing ?? null} />
    </Page>
  );
}

export default function BoothsPage() {
  return (
    <ProgramPage
      loginMessage="Please log in to see your events."
      business={() => <BusinessBooths />}
      proStaff={{ title: 'Booth commissions appear with your other commissions under Earnings, labelled with the event.', to: '/earnings', label: 'Go to Earnings' }}
    />
  );
}
