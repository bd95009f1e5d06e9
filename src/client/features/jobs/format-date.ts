// The app's one date format (src/client/lib/format-dates.ts), under the name the jobs screens use.
export { formatDate } from '@client/lib/format-dates';
