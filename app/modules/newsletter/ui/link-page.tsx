import { useEffect, useRef, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { Button } from '#app/ui/primitives/button.tsx';

/**
 * The frame of the pages a newsletter mail links to (/nieuwsbrief/bevestigen,
 * /nieuwsbrief/afmelden): a heading that says where the visitor stands, and
 * what they can do. When the heading changes after a button press, the focus
 * moves to it, so a screen reader reads the outcome.
 */
export function NewsletterLinkPage({
  heading,
  tone = 'info',
  children,
}: {
  heading: string;
  tone?: 'info' | 'success' | 'problem';
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef(heading);
  useEffect(() => {
    if (shown.current === heading) return;
    shown.current = heading;
    headingRef.current?.focus();
  }, [heading]);
  const frame = {
    info: 'bg-white ring-ink/10',
    success: 'bg-brand-soft ring-brand/20',
    problem: 'bg-white ring-danger/40',
  }[tone];
  return (
    <section className="container-page py-10 md:py-16">
      <div className={`mx-auto max-w-2xl rounded-3xl p-6 shadow-lg ring-1 md:p-10 ${frame}`}>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-3xl font-extrabold text-brand-dark focus:outline-none md:text-4xl"
        >
          {heading}
        </h1>
        <div className="mt-4 grid gap-4 text-lg">{children}</div>
      </div>
    </section>
  );
}

/**
 * The one button of a link page: a form post with the link's token. Opening
 * the link (a GET, as mail scanners do) changes nothing; pressing this does.
 */
export function TokenButton({ token, label, busyLabel }: { token: string; label: string; busyLabel: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="token" value={token} />
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </Form>
  );
}
