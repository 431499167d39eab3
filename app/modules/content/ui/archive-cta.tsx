import { ButtonLink } from '#app/ui/primitives/button.tsx';
import { ArrowRightIcon } from '#app/ui/primitives/icons.tsx';
import { isLevelTheme, themeClass } from '#app/platform/levels.ts';
import type { ProductsArchiveCta } from '../schemas/views.ts';

/** A call-to-action banner of the product list (content config productsArchiveCTAs, spec §3, §9). */
export function ArchiveCta({ cta }: { cta: ProductsArchiveCta }) {
  const theme = isLevelTheme(cta.theme) ? themeClass(cta.theme) : '';
  return (
    <aside
      aria-label={cta.title}
      className={`${theme} flex h-full flex-col gap-4 rounded-3xl bg-brand p-6 text-white shadow-md sm:flex-row sm:items-center sm:justify-between md:p-8`}
    >
      <div className="max-w-3xl">
        <p className="font-display text-2xl font-extrabold md:text-3xl">{cta.title}</p>
        <p className="mt-2 text-white/90 md:text-lg">{cta.text}</p>
      </div>
      <ButtonLink to={cta.link} variant="secondary" className="shrink-0">
        {cta.buttonLabel} <ArrowRightIcon />
      </ButtonLink>
    </aside>
  );
}
