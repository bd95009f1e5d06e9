import { useState } from 'react';
import type { SupportTicket } from '@shared/contracts/support';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Textarea } from '@client/components/ui/input';
import { describeError } from '@client/lib/api';
import { useReplyTicket, useSupportTickets, useTicketStatus } from '../api';

const tone = { open: 'yellow', answered: 'green', closed: 'outline' } as const;

function TicketItem({ ticket }: { ticket: SupportTicket }) {
  const [answer, setAnswer] = useState('');
  const reply = useReplyTicket();
  const status = useTicketStatus();
  const id = `ticket-${ticket.id}-answer`;
  return (
    <li className="py-3 text-sm" data-testid="support-ticket">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 font-medium text-bark-900 [overflow-wrap:anywhere]">{ticket.subject}</p>
        <Badge tone={tone[ticket.status]}>{ticket.status}</Badge>
      </div>
      <p className="break-all text-bark-700">{ticket.name} · {ticket.email} · {new Date(ticket.createdAt).toLocaleString('en-US')}</p>
      <p className="mt-1 whitespace-pre-wrap break-words text-bark-900">{ticket.message}</p>
      {ticket.replies.map((r) => (
        <p key={r.id} className="mt-2 whitespace-pre-wrap break-words border-l-2 border-forest-300 pl-3 text-bark-800">
          <span className="sr-only">Answer: </span>{r.message}
        </p>
      ))}
      <form
        className="mt-2 flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          reply.mutate({ id: ticket.id, message: answer }, { onSuccess: () => setAnswer('') });
        }}
      >
        <label htmlFor={id} className="text-xs font-medium text-bark-900 [overflow-wrap:anywhere]">Answer by email to {ticket.email}</label>
        <Textarea id={id} rows={3} value={answer} onChange={(event) => setAnswer(event.target.value)} />
        {reply.isError && <p role="alert" className="text-xs text-red-700">{describeError(reply.error)}</p>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={reply.isPending || !answer.trim()}>Send answer</Button>
          {ticket.status !== 'closed' ? (
            <Button type="button" size="sm" variant="outline" disabled={status.isPending} onClick={() => status.mutate({ id: ticket.id, status: 'closed' })}>Close</Button>
          ) : (
            <Button type="button" size="sm" variant="outline" disabled={status.isPending} onClick={() => status.mutate({ id: ticket.id, status: 'open' })}>Reopen</Button>
          )}
        </div>
      </form>
    </li>
  );
}

/** Contact Us tickets, open first; an answer is mailed to the requester (decision record 046). */
export function SupportTicketsPanel() {
  const tickets = useSupportTickets();
  return (
    <Card>
      <CardHeader><CardTitle>Support Tickets</CardTitle></CardHeader>
      <CardContent>
        {tickets.isPending ? (
          <p className="text-sm text-bark-700">Loading tickets...</p>
        ) : tickets.isError ? (
          <p role="alert" className="text-sm text-red-700">{describeError(tickets.error)}</p>
        ) : tickets.data.length === 0 ? (
          <p className="text-sm text-bark-700">No support tickets yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-bark-100" aria-label="Support tickets">
            {tickets.data.map((ticket) => <TicketItem key={ticket.id} ticket={ticket} />)}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
