/**
 * A study content draft as pupils would see it (issue 35, item 3): what publishing it changes, the subject's
 * texts, its topics with their cards, every card as the card modal shows it, the exam checks' questions with
 * their answers, the exam words and the buddy. The HTML is the study area's own rendering (server-side Markdown
 * and KaTeX); the card and its texts are the study module's components.
 */
import { CardPreview, StudyText } from '#app/modules/study/ui.ts';
import type { StudyContentPreviewView } from '../schemas/study-content.ts';

const plural = (n: number, one: string, more: string) => `${n} ${n === 1 ? one : more}`;

/** What publishing changes for the subject's pupils: kept entries keep their work; removed ones lose it. */
export function ChangesSummary({ changes }: { changes: NonNullable<StudyContentPreviewView['changes']> }) {
  if (changes.newSubject) {
    return (
      <p>
        Dit vak heeft nog geen studie-inhoud. Na publiceren staat het in Mijn Slaagbundel en bieden de productpagina’s
        van het vak het online aan.
      </p>
    );
  }
  const removed = [...changes.cards.removed, ...changes.tests.removed];
  return (
    <>
      <ul className="list-disc pl-6">
        <li>
          Leerkaarten: {plural(changes.cards.kept, 'blijft', 'blijven')},{' '}
          {plural(changes.cards.added, 'nieuwe', 'nieuwe')},{' '}
          {plural(changes.cards.removed.length, 'verdwijnt', 'verdwijnen')}.
        </li>
        <li>
          Examenchecks: {plural(changes.tests.kept, 'blijft', 'blijven')},{' '}
          {plural(changes.tests.added, 'nieuwe', 'nieuwe')},{' '}
          {plural(changes.tests.removed.length, 'verdwijnt', 'verdwijnen')}.
        </li>
      </ul>
      <p className="mt-2">
        Een kaart of examencheck met dezelfde sleutel houdt wat leerlingen ermee deden: geleerd-markeringen, herhalingen
        en resultaten.
      </p>
      {removed.length > 0 ? (
        <div className="mt-3 rounded-xl bg-danger/10 px-4 py-3">
          <p className="font-semibold">
            Deze verdwijnen bij publiceren, met wat leerlingen ermee deden (geleerd-markeringen, herhalingen,
            resultaten):
          </p>
          <ul className="mt-1 list-disc pl-6">
            {changes.cards.removed.map((card) => (
              <li key={`card:${card.key}`}>
                Kaart “{card.title}” ({card.key})
              </li>
            ))}
            {changes.tests.removed.map((test) => (
              <li key={`test:${test.key}`}>
                Examencheck “{test.title}” ({test.key})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/** The draft's content, rendered as the study area renders it. */
export function DraftPreview({ preview }: { preview: StudyContentPreviewView }) {
  const learnable = preview.cards.filter((card) => !card.download).length;
  return (
    <div className="grid gap-10">
      <section aria-labelledby="sc-about">
        <h2 id="sc-about" className="text-2xl font-bold">
          Over het vak
        </h2>
        <StudyText html={preview.aboutHtml} className="mt-3 max-w-3xl" />
        <details className="mt-4 max-w-3xl rounded-xl border-2 border-ink/10">
          <summary className="cursor-pointer px-4 py-3 font-semibold">Voor docenten</summary>
          <StudyText html={preview.teachersHtml} className="border-t-2 border-ink/10 px-4 py-3" />
        </details>
      </section>

      <section aria-labelledby="sc-topics">
        <h2 id="sc-topics" className="text-2xl font-bold">
          Onderwerpen
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {preview.chapters.map((chapter) => (
            <li key={chapter.key} className="rounded-xl bg-ink/5 px-4 py-3">
              <p className="font-semibold">{chapter.name}</p>
              <ul className="mt-1 text-sm">
                {chapter.topics.map((topic) => (
                  <li key={topic.key}>
                    {topic.name} · {plural(topic.cards, 'kaart', 'kaarten')}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="sc-cards">
        <h2 id="sc-cards" className="text-2xl font-bold">
          Leerkaarten ({learnable} om te leren
          {preview.cards.length > learnable ? `, ${preview.cards.length - learnable} om te printen` : ''})
        </h2>
        <ol className="mt-3 grid gap-4">
          {preview.cards.map((card) => (
            <li key={card.key}>
              <CardPreview card={card} />
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="sc-tests">
        <h2 id="sc-tests" className="text-2xl font-bold">
          Examenchecks ({preview.tests.length})
        </h2>
        {preview.tests.map((test) => (
          <article key={test.key} className="mt-4 rounded-2xl border-2 border-ink/10 bg-white p-4 sm:p-6">
            <h3 className="text-xl font-bold">{test.title}</h3>
            <p className="mt-1">{test.description}</p>
            <p className="mt-1 text-sm text-ink-soft">
              {plural(test.questions.length, 'vraag', 'vragen')}
              {test.light ? ' · ook met lichte toegang' : ''}
            </p>
            <ol className="mt-4 grid list-decimal gap-5 pl-6">
              {test.questions.map((question, i) => (
                <li key={i}>
                  <p className="text-sm text-ink-soft">
                    {question.kind === 'choice' ? 'Meerkeuze' : 'Open vraag'} · {question.topic} ·{' '}
                    {plural(question.maxPoints, 'punt', 'punten')}
                  </p>
                  <StudyText html={question.promptHtml} />
                  {question.options.length > 0 ? (
                    <ul className="mt-2 grid gap-1">
                      {question.options.map((option, k) => (
                        <li
                          key={k}
                          className={`flex gap-2 rounded-lg px-3 py-1 ${option.correct ? 'bg-success-soft font-semibold' : ''}`}
                        >
                          <span>{String.fromCharCode(65 + k)}.</span>
                          <StudyText html={option.html} />
                          {option.correct ? <span className="ml-auto">(goed)</span> : null}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {question.explanationHtml ? (
                    <div className="mt-2 rounded-lg bg-ink/5 px-3 py-2 text-sm">
                      <p className="font-semibold">Uitleg</p>
                      <StudyText html={question.explanationHtml} />
                    </div>
                  ) : null}
                  {question.modelAnswerHtml ? (
                    <div className="mt-2 rounded-lg bg-ink/5 px-3 py-2 text-sm">
                      <p className="font-semibold">Modelantwoord</p>
                      <StudyText html={question.modelAnswerHtml} />
                      <ul className="mt-1 list-disc pl-5">
                        {question.scoringPoints.map((point, k) => (
                          <li key={k}>{point}</li>
                        ))}
                      </ul>
                    </div>
                  ) : null}
                </li>
              ))}
            </ol>
          </article>
        ))}
      </section>

      <section aria-labelledby="sc-idioms">
        <h2 id="sc-idioms" className="text-2xl font-bold">
          Examenwoorden ({preview.idioms.length})
        </h2>
        <dl className="mt-3 grid max-w-3xl gap-3">
          {preview.idioms.map((idiom) => (
            <div key={idiom.term}>
              <dt className="font-semibold">{idiom.term}</dt>
              <dd>{idiom.meaning}</dd>
              <dd className="text-sm italic">{idiom.example}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="sc-buddy">
        <h2 id="sc-buddy" className="text-2xl font-bold">
          Examenbuddy
        </h2>
        <p className="mt-2 font-semibold">{preview.buddy.name}</p>
        <p>{preview.buddy.intro}</p>
        {preview.articles.length > 0 ? (
          <p className="mt-2 text-sm">Artikelen bij dit vak: {preview.articles.join(', ')}</p>
        ) : null}
      </section>
    </div>
  );
}
