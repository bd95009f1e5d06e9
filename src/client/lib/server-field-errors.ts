import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/** Shows the server's per-field validation messages next to the fields they belong to. */
export function showServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): void {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return;
  for (const issue of error.details as { path?: string; message?: string }[]) {
    if (issue.path) setError(issue.path as Path<T>, { message: issue.message });
  }
}
