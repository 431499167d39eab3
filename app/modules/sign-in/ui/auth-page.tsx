import type { ReactNode } from 'react';
import { CheckIcon } from '#app/ui/primitives/icons.tsx';

const BENEFITS = [
  'Oefen met echte examenvragen, uitgelegd stap voor stap',
  'Zie per onderwerp hoe goed je het al kunt',
  'Activeer de code uit je examenbundel voor alle extra’s',
];

/** The frame of the login pages: the form on the left, what the area offers on the right (from md up). */
export function AuthPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <section className="container-page py-10 md:py-16">
      <div className="mx-auto grid max-w-5xl gap-10 md:grid-cols-[1fr_20rem]">
        <div className="max-w-xl">
          <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">{title}</h1>
          <div className="mt-3 text-lg text-ink-soft">{intro}</div>
          <div className="mt-8">{children}</div>
        </div>
        <aside aria-labelledby="auth-benefits" className="h-fit rounded-2xl bg-surface p-6">
          <h2 id="auth-benefits" className="text-lg font-bold">
            Met Mijn Slaagbundel
          </h2>
          <ul className="mt-3 grid gap-3">
            {BENEFITS.map((benefit) => (
              <li key={benefit} className="flex gap-2">
                <CheckIcon className="mt-1 h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
                <span>{benefit}</span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </section>
  );
}
