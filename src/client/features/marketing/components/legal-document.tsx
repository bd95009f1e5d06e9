export type LegalSection = { title: string; paragraphs: string[]; bullets?: string[] };

export function LegalDocument({ title, dateLabel, intro, sections }: { title: string; dateLabel: string; intro: string; sections: LegalSection[] }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-sm text-bark-700">{dateLabel}</p>
      <p className="mt-6 text-bark-900">{intro}</p>
      <nav aria-label="Sections" className="mt-6 rounded-lg bg-bark-100 p-4 text-sm">
        <ol className="grid gap-1 sm:grid-cols-2">
          {sections.map((section, index) => (
            <li key={section.title}>
              <a className="text-forest-700 hover:underline" href={`#section-${index + 1}`}>
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.title} id={`section-${index + 1}`} className="mt-8 scroll-mt-20">
          <h2 className="text-xl font-semibold">
            {index + 1}. {section.title}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed text-bark-900">{paragraph}</p>
          ))}
          {section.bullets && (
            <ul className="mt-3 list-disc space-y-1 pl-6 text-bark-900">
              {section.bullets.map((bullet) => <li key={bullet}>{bullet}</li>)}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
