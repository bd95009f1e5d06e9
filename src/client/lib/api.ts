import { MutationCache, QueryClient } from '@tanstack/react-query';

/** A failed call. `message` follows the product's convention: "status: body" (or the status text). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    readonly serverMessage: string | undefined,
    readonly details: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text();
  let code: string | undefined;
  let serverMessage: string | undefined;
  let details: unknown;
  try {
    const parsed = JSON.parse(text) as { error?: { code?: string; message?: string; details?: unknown } };
    code = parsed.error?.code;
    serverMessage = parsed.error?.message;
    details = parsed.error?.details;
  } catch {
    // Not JSON: the text itself is the message.
  }
  throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, code, serverMessage, details);
}

export async function apiRequest<T = unknown>(method: string, url: string, data?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json', ...headers } : headers,
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.text()) as T;
}

/** Uploads one file as multipart/form-data. */
export async function apiUpload<T = unknown>(url: string, file: File, fieldName = 'file'): Promise<T> {
  const form = new FormData();
  form.append(fieldName, file);
  return apiPostForm<T>(url, form);
}

/** Posts a whole multipart/form-data form (text fields and files) as one request. */
export async function apiPostForm<T = unknown>(url: string, form: FormData): Promise<T> {
  const res = await fetch(url, { method: 'POST', body: form, credentials: 'include' });
  await throwIfNotOk(res);
  return (await res.json()) as T;
}

/** The message to show a person: the server's own sentence when there is one. */
export function describeError(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export function isPlanLimit(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'PLAN_LIMIT';
}

/** GET a JSON resource. Each feature's api.ts builds the URL; query keys never double as URLs. */
export const getJson = <T>(url: string): Promise<T> => apiRequest<T>('GET', url);

/** GET, reading a 404 as "not there yet" (null) rather than an error: a profile before it is created. */
export async function getJsonOrNull<T>(url: string): Promise<T | null> {
  try {
    return await getJson<T>(url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Query keys are stable arrays, most general part first (['job-postings', 'business', 12]), so invalidating
 * a prefix (['job-postings']) refreshes everything under it: TanStack Query's own prefix matching, no predicates.
 */
export const planUsageKey = ['plan-usage'] as const;

/** True when `key` is exactly `target` (TanStack's filters match prefixes; this is for excluding one entry). */
export const matchesKey = (key: readonly unknown[], target: readonly unknown[]): boolean =>
  key.length === target.length && key.every((part, index) => part === target[index]);

export const queryClient: QueryClient = new QueryClient({
  // Any successful change may use up (or free) a plan allowance: re-read the usage the limit gates show.
  mutationCache: new MutationCache({
    onSuccess: (): Promise<void> => queryClient.invalidateQueries({ queryKey: planUsageKey }),
  }),
  defaultOptions: {
    queries: {
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: { retry: false },
  },
});
