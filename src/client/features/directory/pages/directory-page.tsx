import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useNavigationType, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, SearchX } from 'lucide-react';
import { DIRECTORY_PAGE_SIZE } from '@shared/directory-paging';
import { credentialTypeLabels, credentialTypes } from '@shared/contracts/credentials';
import { proStaffSpecialties } from '@shared/specialties';
import { Button } from '@client/components/ui/button';
import { Input, Select } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Notice, Page } from '@client/components/ui/page';
import { ApiError } from '@client/lib/api';
import { useDebounced } from '@client/lib/use-debounced';
import { useSession } from '@client/features/auth';
import { directoryTotal, useDirectory, useFeatured } from '../api';
import { ProStaffCard, ProStaffCardSkeleton } from '../components/pro-staff-card';

const sortOptions = [
  { value: 'rating', label: 'Highest rated' },
  { value: 'experience', label: 'Most experienced' },
  { value: 'newest', label: 'Newest members' },
];

export default function DirectoryPage() {
  const { user } = useSession();
  const [urlParams, setSearchParams] = useSearchParams();
  const navigationType = useNavigationType();
  // The filters as last asked for. The router applies a navigation a moment after the click, so the controls read
  // these until the URL catches up: a controlled checkbox never springs back, and a second quick change (a credential
  // type, then the Verified box) builds on the first instead of on the stale URL. Back or forward makes the URL the
  // truth again at once.
  const [asked, setAsked] = useState<URLSearchParams | null>(null);
  const askedNow = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    if (askedNow.current && askedNow.current.toString() !== urlParams.toString() && navigationType !== 'POP') return;
    askedNow.current = null;
    setAsked(null);
  }, [urlParams, navigationType]);
  const searchParams = asked ?? urlParams;
  const specialty = searchParams.get('specialty') ?? '';
  const sort = searchParams.get('sort') ?? 'rating';
  const verified = searchParams.get('verified') === 'true';
  const credentialType = (credentialTypes as readonly string[]).includes(searchParams.get('credentialType') ?? '') ? searchParams.get('credentialType')! : '';
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const [text, setText] = useState(searchParams.get('q') ?? '');
  const [location, setLocation] = useState(searchParams.get('location') ?? '');
  const q = useDebounced(text.trim(), 300);
  const debouncedLocation = useDebounced(location.trim(), 300);

  const ask = (next: URLSearchParams) => {
    askedNow.current = next;
    setAsked(next);
    setSearchParams(next, { replace: true });
  };
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(askedNow.current ?? searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    ask(next);
  };

  useEffect(() => {
    const currentQ = searchParams.get('q') ?? '';
    const currentLocation = searchParams.get('location') ?? '';
    if (q !== currentQ || debouncedLocation !== currentLocation) update({ q: q || null, location: debouncedLocation || null });
    // Only typing changes these; the URL follows the debounced text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, debouncedLocation]);

  const query = useDirectory({
    q: searchParams.get('q') ?? undefined,
    location: searchParams.get('location') ?? undefined,
    specialty: specialty || undefined,
    sort,
    verified,
    credentialType: credentialType || undefined,
    page,
    pageSize: DIRECTORY_PAGE_SIZE,
  });
  // Featured placement (decision record 019): Elite profiles matching the filters, above the first page only.
  const featuredQuery = useFeatured(
    { q: searchParams.get('q') ?? undefined, location: searchParams.get('location') ?? undefined, specialty: specialty || undefined, verified, credentialType: credentialType || undefined },
    page === 1,
  );
  const featured = page === 1 ? (featuredQuery.data ?? []) : [];
  const filtered = Boolean(searchParams.get('q') || searchParams.get('location') || specialty || verified || credentialType);
  // Deferred: query results arrive as a blocking update; the cards then render in yielding slices.
  const data = useDeferredValue(query.data);

  return (
    <Page
      title={`Professional Hunting Staff (${data ? directoryTotal(data.total, data.totalEstimated) : 0})`}
      description="Browse guides, hunters and outdoor creators by specialty and location."
    >
      <form role="search" className="mb-6 grid gap-3 rounded-xl border border-bark-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-5" onSubmit={(event) => event.preventDefault()}>
        <div className="flex flex-col gap-1.5 lg:col-span-2">
          <Label htmlFor="directory-q">Search</Label>
          <Input id="directory-q" type="search" placeholder="Name, bio or keyword" value={text} onChange={(event) => setText(event.target.value)} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="directory-specialty">Specialty</Label>
          <Select id="directory-specialty" value={specialty} onChange={(event) => update({ specialty: event.target.value || null })}>
            <option value="">All specialties</option>
            {proStaffSpecialties.map((name) => (
              <option key={name} value={name}>{name}</option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="directory-location">Location</Label>
          <Input id="directory-location" placeholder="City or state" value={location} onChange={(event) => setLocation(event.target.value)} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="directory-sort">Sort by</Label>
          <Select id="directory-sort" value={sort} onChange={(event) => update({ sort: event.target.value === 'rating' ? null : event.target.value })}>
            {sortOptions.map((option) => (
              <option key={option.value} value={option.value}>{option.label}</option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="directory-credential">Verified credential</Label>
          <Select id="directory-credential" value={credentialType} onChange={(event) => update({ credentialType: event.target.value || null })}>
            <option value="">Any credential</option>
            {credentialTypes.map((type) => (
              <option key={type} value={type}>{credentialTypeLabels[type]}</option>
            ))}
          </Select>
        </div>
        <label className="flex items-center gap-2 self-end pb-2 text-sm lg:col-span-4">
          <input type="checkbox" checked={verified} onChange={(event) => update({ verified: event.target.checked ? 'true' : null })} />
          Verified pro staff only
        </label>
      </form>

      {query.isError && !data ? (
        <Notice title="Error" action={<Button variant="outline" onClick={() => void query.refetch()}>Try Again</Button>}>
          {query.error instanceof ApiError ? 'Failed to fetch profiles' : 'Network error'}
        </Notice>
      ) : !data && !query.isError ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-busy="true" aria-label="Loading pro staff">
          {Array.from({ length: 6 }, (_, index) => <ProStaffCardSkeleton key={index} />)}
        </div>
      ) : data && data.items.length === 0 ? (
        filtered ? (
          <Notice
            title="No Results Found"
            action={<Button variant="outline" onClick={() => { setText(''); setLocation(''); ask(new URLSearchParams()); }}>Clear filters</Button>}
          >
            <SearchX className="mx-auto mb-2 h-8 w-8 text-bark-500" aria-hidden="true" />
            No pro staff match these filters. Try a broader search.
          </Notice>
        ) : (
          <Notice title="No pro staff profiles available." />
        )
      ) : data ? (
        <>
          {featured.length > 0 && (
            <section aria-labelledby="directory-featured-heading" className="mb-6 rounded-xl border border-orange-200 bg-orange-50 p-4">
              <h2 id="directory-featured-heading" className="mb-3 text-lg font-semibold">Featured</h2>
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {featured.map((profile) => <ProStaffCard key={profile.id} profile={profile} signedIn={Boolean(user)} featured />)}
              </div>
            </section>
          )}
          <div className={query.isFetching ? 'opacity-60 transition-opacity' : undefined}>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {data.items.map((profile) => <ProStaffCard key={profile.id} profile={profile} signedIn={Boolean(user)} />)}
            </div>
          </div>
          {data.totalPages > 1 && (
            <nav aria-label="Pagination" className="mt-6 flex items-center justify-center gap-3">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => update({ page: String(page - 1) })}>
                <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
              </Button>
              <span className="text-sm text-bark-700">Page {data.page} of {directoryTotal(data.totalPages, data.totalEstimated)}</span>
              {/* An estimated total may be off: the next page exists while this one is full. */}
              <Button variant="outline" size="sm" disabled={data.totalEstimated ? data.items.length < data.pageSize : page >= data.totalPages} onClick={() => update({ page: String(page + 1) })}>
                Next <ChevronRight className="h-4 w-4" aria-hidden="true" />
              </Button>
            </nav>
          )}
        </>
      ) : null}
    </Page>
  );
}
