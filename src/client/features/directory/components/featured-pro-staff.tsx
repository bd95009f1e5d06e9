// Replaced by the directory feature: the first three pro staff profiles.
export function FeaturedProStaff() {
  return (
    <section aria-labelledby="featured-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h2 id="featured-heading" className="text-2xl font-bold">Featured Pro Staff</h2>
      <p className="mt-4 text-bark-700">No pro staff profiles available yet.</p>
    </section>
  );
}
