import { useSearchParams } from 'react-router';

/**
 * The open tab of a page with tabs, kept in the address (`?tab=jobs`) so a tab can be linked to and survives a reload.
 * The first tab is the default and leaves the address bare; an unknown `?tab=` falls back to it.
 */
export function useTabParam<const T extends readonly (readonly [string, string])[]>(tabs: T): [T[number][0], (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const first = tabs[0]![0];
  const asked = params.get('tab');
  const tab = tabs.some(([value]) => value === asked) ? (asked as T[number][0]) : first;
  const setTab = (value: string) => setParams(value === first ? {} : { tab: value }, { replace: true });
  return [tab, setTab];
}
