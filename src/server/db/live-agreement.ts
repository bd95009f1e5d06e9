import { and, eq, gte } from 'drizzle-orm';
import { agreements } from './schema/agreements';

/**
 * A live agreement (decision record 028): accepted (`active`) and not past its end date, the last day it runs (UTC).
 * The one definition behind the roster, the agreements' own rules, campaign audiences and season goals; it lives
 * here, beside the schema, because a module may not import another module's repository.
 */
export const isLiveAgreement = (today: string) => and(eq(agreements.status, 'active'), gte(agreements.endDate, today));
