// Placeholder until its feature issue lands; the dashboards already show it in place.
export function SocialTagSearch() {
  return (
    <section className="rounded-xl border border-dashed border-bark-200 p-6 text-sm text-bark-700">
      <h2 className="text-base font-semibold text-bark-900">Social Media Search</h2>
      <p className="mt-1">Coming soon.</p>
    </section>
  );
}
