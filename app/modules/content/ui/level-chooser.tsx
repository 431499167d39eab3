import { Form } from 'react-router';
import { LEVEL_LABELS, LEVEL_ORDER, themeClass, themeForLevel, type Level } from '#app/platform/levels.ts';

/** "Kies je niveau": a plain form, so it works before JavaScript has loaded. */
export function LevelChooser({ selected }: { selected: Level | null }) {
  return (
    <section aria-labelledby="level-title" className="rounded-3xl bg-white p-6 shadow-lg ring-1 ring-ink/10 md:p-8">
      <h2 id="level-title" className="text-2xl font-extrabold">
        Kies je niveau
      </h2>
      <p className="mt-1 text-ink-soft">Dan laten we de examenbundels zien die bij jouw examen passen.</p>
      <Form method="post" preventScrollReset className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <input type="hidden" name="intent" value="choose-level" />
        {LEVEL_ORDER.map((level) => (
          <button
            key={level}
            type="submit"
            name="level"
            value={level}
            aria-pressed={selected === level}
            className="flex min-h-14 items-center gap-3 rounded-2xl border-2 border-ink/15 px-4 py-3 text-left font-bold hover:border-brand aria-pressed:border-brand aria-pressed:bg-brand-soft focus-visible:outline-3 focus-visible:outline-focus"
          >
            {/* The level's theme colour: its theme class sets the brand colour for the swatch alone. */}
            <span
              aria-hidden="true"
              className={`${themeClass(themeForLevel(level))} h-4 w-4 shrink-0 rounded-full bg-brand`}
            />
            {LEVEL_LABELS[level]}
          </button>
        ))}
      </Form>
    </section>
  );
}
