const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** An ISO timestamp as "Nov 22, 2026". */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

const monthDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** A day of every year ("08-15", as a tier renews) as "Aug 15"; anything else as it is. */
export function formatMonthDay(monthDay: string): string {
  const [month, date] = monthDay.split('-').map(Number);
  if (!month || !date) return monthDay;
  return monthDayFormat.format(new Date(2000, month - 1, date));
}

/** A calendar date ("2026-12-31") as "Dec 31, 2026", without shifting it by the viewer's time zone. */
export function formatCalendarDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return dateFormat.format(new Date(year, month - 1, date));
}
