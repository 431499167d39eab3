import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { ABOUT_PATH, AREA_PATH } from '#app/platform/brand.ts';
import { AREA_PATHS } from '#app/platform/area-paths.ts';
import { QUICKSCAN_PATH } from '#app/modules/quickscan/index.ts';
import { QUOTE_PATH, TEACHERS_PATH } from '#app/modules/content/index.ts';
import { GRADE_CALCULATOR_PATH } from '#app/modules/grades/index.ts';
import {
  NEWSLETTER_CONFIRM_PATH,
  NEWSLETTER_PATH,
  NEWSLETTER_UNSUBSCRIBE_PATH,
} from '#app/modules/newsletter/index.ts';

/** The child kaart/{subjectModalId} of a study page (spec §2): the subject card modal over it. */
const withCardModal = (name: string) => [
  route('kaart/:subjectModalId', 'routes/area/subject/card.tsx', { id: `${name}-card___nl` }),
];

/** The child herhalen of a page that suggests "Herhaal N kaarten" (issue 34): the review session over it. */
const reviewSession = (name: string) =>
  route('herhalen', 'routes/area/review-session.tsx', { id: `${name}-review-session___nl` });

/**
 * Route manifest after spec §2. Every id ends in ___nl (the single locale).
 * Later issues add their routes here in the same way.
 */
export default [
  index('routes/public/home.tsx', { id: 'home___nl' }),
  route('/privacy', 'routes/public/cms-page.tsx', { id: 'privacy___nl' }),
  route(ABOUT_PATH, 'routes/public/cms-page.tsx', { id: 'about___nl' }),
  route('/contact', 'routes/public/contact.tsx', { id: 'contact___nl' }),
  // For teachers (issue 31): what a teacher account does, and the quote request for a class licence.
  route(TEACHERS_PATH, 'routes/public/teachers.tsx', { id: 'teachers___nl' }),
  route(QUOTE_PATH, 'routes/public/quote.tsx', { id: 'quote___nl' }),
  // The newsletter: sign-up, and the pages its mails link to (double opt-in, unsubscribe).
  route(NEWSLETTER_PATH, 'routes/public/newsletter.tsx', { id: 'newsletter___nl' }),
  route(NEWSLETTER_CONFIRM_PATH, 'routes/public/newsletter-confirm.tsx', { id: 'newsletter-confirm___nl' }),
  route(NEWSLETTER_UNSUBSCRIBE_PATH, 'routes/public/newsletter-unsubscribe.tsx', { id: 'newsletter-unsubscribe___nl' }),
  // The blog (spec §2): page 1 at the list's own address, /page/{id} for the others.
  route('/examentips', 'routes/public/blog.tsx', { id: 'blog___nl' }),
  route('/examentips/page/:page?', 'routes/public/blog.tsx', { id: 'blog-page___nl' }),
  route('/examentips/categorie', 'routes/public/blog-categories.tsx', { id: 'blog-categories___nl' }),
  route('/examentips/categorie/:category', 'routes/public/blog.tsx', { id: 'blog-category___nl' }),
  route('/examentips/categorie/:category/page/:page?', 'routes/public/blog.tsx', { id: 'blog-category-page___nl' }),
  route('/artikel/:slug?', 'routes/public/article.tsx', { id: 'article___nl' }),
  route('/zoeken', 'routes/public/search.tsx', { id: 'search___nl' }),
  // The shop: the cart, the checkout, the payment and the confirmation are personal pages.
  route('/winkelwagen', 'routes/public/cart.tsx', { id: 'cart___nl' }),
  route('/afrekenen', 'routes/public/checkout.tsx', { id: 'checkout___nl' }),
  route('/afrekenen/betalen', 'routes/public/payment.tsx', { id: 'payment___nl' }),
  // The demo payment provider's own checkout page (a 404 with a real provider).
  route('/afrekenen/betalen/test/:paymentId', 'routes/public/payment-test.tsx', { id: 'payment-test___nl' }),
  route('/afrekenen/bevestiging', 'routes/public/confirmation.tsx', { id: 'confirmation___nl' }),
  // The shop (spec §2): products, bundles and their pages; without a slug (or with an old one) they redirect.
  route('/producten', 'routes/public/products.tsx', { id: 'products___nl' }),
  route('/producten/voordeelpakketten', 'routes/public/bundles.tsx', { id: 'bundles___nl' }),
  route('/producten/voorraadmelding', 'routes/public/stock-notice.tsx', { id: 'stock-notice___nl' }),
  route('/producten/voordeelpakketten/:id/:slug?', 'routes/public/bundle.tsx', { id: 'bundle___nl' }),
  route('/producten/:id/:slug?', 'routes/public/product.tsx', { id: 'product___nl' }),
  // The public grade calculator (issue 21): its inputs are the query, so a result is a shareable URL.
  route(GRADE_CALCULATOR_PATH, 'routes/public/grade-calculator.tsx', { id: 'grade-calculator___nl' }),
  // The quick scan: four questions whose answers are the query, so its advice is a shareable URL.
  route(QUICKSCAN_PATH, 'routes/public/quickscan.tsx', { id: 'quickscan___nl' }),
  // A parent's invitation from their child, and the weekly parents' mail's switch-off (issue 31).
  route('/ouder/uitnodiging/:token', 'routes/public/parent-invitation.tsx', { id: 'parent-invitation___nl' }),
  route('/ouder/weekmail-uit/:token', 'routes/public/parent-digest-off.tsx', { id: 'parent-digest-off___nl' }),
  // The back office (issue 32, ADR 026): its sign-in, two-factor set-up and invitation before its guard.
  route('/beheer/inloggen', 'routes/backoffice/sign-in.tsx', { id: 'backoffice-sign-in___nl' }),
  route('/beheer/tweestapsverificatie', 'routes/backoffice/setup.tsx', { id: 'backoffice-setup___nl' }),
  route('/beheer/uitnodiging/:token', 'routes/backoffice/invitation.tsx', { id: 'backoffice-invitation___nl' }),
  layout('routes/backoffice/layout.tsx', { id: 'backoffice___nl' }, [
    route('/beheer', 'routes/backoffice/home.tsx', { id: 'backoffice-home___nl' }),
    route('/beheer/medewerkers', 'routes/backoffice/staff.tsx', { id: 'backoffice-staff___nl' }),
    route('/beheer/audit', 'routes/backoffice/audit.tsx', { id: 'backoffice-audit___nl' }),
    route('/beheer/bestellingen', 'routes/backoffice/orders.tsx', { id: 'backoffice-orders___nl' }),
    route('/beheer/bestellingen/:number', 'routes/backoffice/order.tsx', { id: 'backoffice-order___nl' }),
    route('/beheer/bestellingen/:number/terugbetalen', 'routes/backoffice/refund.tsx', {
      id: 'backoffice-refund___nl',
    }),
    route('/beheer/creditnotas/:number', 'routes/backoffice/credit-note.tsx', { id: 'backoffice-credit-note___nl' }),
    route('/beheer/codes', 'routes/backoffice/codes.tsx', { id: 'backoffice-codes___nl' }),
    route('/beheer/codes/batches', 'routes/backoffice/code-batches.tsx', { id: 'backoffice-code-batches___nl' }),
    route('/beheer/codes/:code', 'routes/backoffice/code.tsx', { id: 'backoffice-code___nl' }),
    route('/beheer/voorraad', 'routes/backoffice/stock.tsx', { id: 'backoffice-stock___nl' }),
    route('/beheer/voorraad/:productId', 'routes/backoffice/stock-product.tsx', {
      id: 'backoffice-stock-product___nl',
    }),
    route('/beheer/klanten', 'routes/backoffice/customers.tsx', { id: 'backoffice-customers___nl' }),
    route('/beheer/klanten/:userId', 'routes/backoffice/customer.tsx', { id: 'backoffice-customer___nl' }),
    route('/beheer/kalibratie', 'routes/backoffice/calibration.tsx', { id: 'backoffice-calibration___nl' }),
    route('/beheer/examengegevens', 'routes/backoffice/exam-data.tsx', { id: 'backoffice-exam-data___nl' }),
    route('/beheer/examengegevens/rooster', 'routes/backoffice/exam-timetable.tsx', {
      id: 'backoffice-exam-timetable___nl',
    }),
    route('/beheer/examengegevens/n-term', 'routes/backoffice/exam-n-term.tsx', { id: 'backoffice-exam-n-term___nl' }),
    route('/beheer/examengegevens/oud-examen', 'routes/backoffice/exam-past-exam.tsx', {
      id: 'backoffice-exam-past-exam___nl',
    }),
    route('/beheer/examengegevens/wijzigingen/:id', 'routes/backoffice/exam-data-change.tsx', {
      id: 'backoffice-exam-data-change___nl',
    }),
    route('/beheer/studie-inhoud', 'routes/backoffice/study-content.tsx', { id: 'backoffice-study-content___nl' }),
    route('/beheer/studie-inhoud/uploaden', 'routes/backoffice/study-content-upload.tsx', {
      id: 'backoffice-study-content-upload___nl',
    }),
    route('/beheer/studie-inhoud/concepten/:id', 'routes/backoffice/study-content-draft.tsx', {
      id: 'backoffice-study-content-draft___nl',
    }),
  ]),
  // Forces a login without a prompt, then shows the page below the prefix (spec §2, §6); outside the guard.
  // /secure/{page}/… is a route of its own: as a bare splat it would rank below a subject page's /{id}/{slug}.
  route(`${AREA_PATH}/secure/*`, 'routes/area/secure.ts', { id: 'area-secure___nl' }),
  route(`${AREA_PATH}/secure/:page/*`, 'routes/area/secure.ts', { id: 'area-secure-page___nl' }),
  // The logged-in area (spec §2): every route behind the guard of its layout.
  layout('routes/area/layout.tsx', { id: 'area___nl' }, [
    route(AREA_PATH, 'routes/area/home.tsx', { id: 'area-home___nl' }, [
      ...withCardModal('area-home'),
      reviewSession('area-home'),
    ]),
    route(`${AREA_PATH}/login`, 'routes/area/login.tsx', { id: 'area-login___nl' }),
    route(`${AREA_PATH}/login/registreren`, 'routes/area/register.tsx', { id: 'area-register___nl' }),
    route(`${AREA_PATH}/login/wachtwoord-vergeten`, 'routes/area/forgot-password.tsx', {
      id: 'area-forgot-password___nl',
    }),
    route(`${AREA_PATH}/login/nieuw-wachtwoord`, 'routes/area/reset-password.tsx', { id: 'area-reset-password___nl' }),
    route(`${AREA_PATH}/onboarding`, 'routes/area/onboarding/layout.tsx', { id: 'onboarding___nl' }, [
      index('routes/area/onboarding/index.tsx', { id: 'onboarding-index___nl' }),
      route('stap-1', 'routes/area/onboarding/stap-1.tsx', { id: 'onboarding-stap-1___nl' }),
      route('stap-1b', 'routes/area/onboarding/stap-1b.tsx', { id: 'onboarding-stap-1b___nl' }),
      route('stap-2', 'routes/area/onboarding/stap-2.tsx', { id: 'onboarding-stap-2___nl' }),
      route('stap-3', 'routes/area/onboarding/stap-3.tsx', { id: 'onboarding-stap-3___nl' }, [
        index('routes/area/onboarding/stap-3-index.tsx', { id: 'onboarding-stap-3-index___nl' }),
        route('leerweg', 'routes/area/onboarding/stap-3-leerweg.tsx', { id: 'onboarding-stap-3-leerweg___nl' }),
        route('profielen', 'routes/area/onboarding/stap-3-profielen.tsx', { id: 'onboarding-stap-3-profielen___nl' }),
      ]),
      route('stap-4', 'routes/area/onboarding/stap-4.tsx', { id: 'onboarding-stap-4___nl' }),
    ]),
    route(`${AREA_PATH}/account`, 'routes/area/account/layout.tsx', { id: 'account___nl' }, [
      index('routes/area/account/overview.tsx', { id: 'account-overview___nl' }),
      route('mijn-vakken-boeken', 'routes/area/account/subjects-and-books.tsx', { id: 'account-subjects___nl' }),
      // The same page under its other name (spec §2).
      route('subjects-and-books', 'routes/area/account/subjects-and-books.tsx', {
        id: 'account-subjects-and-books___nl',
      }),
      route('profile', 'routes/area/account/profile.tsx', { id: 'account-profile___nl' }),
      // The order history and each order's invoice.
      route('bestellingen', 'routes/area/account/orders.tsx', { id: 'account-orders___nl' }),
      route('bestellingen/:number', 'routes/area/account/order.tsx', { id: 'account-order___nl' }),
    ]),
    // The pupil's grade simulator (issue 21).
    route(`${AREA_PATH}/cijfers`, 'routes/area/grades.tsx', { id: 'area-grades___nl' }),
    // The study plan (issue 20): exam dates, minutes a day, the review log and a subject's reset.
    route(`${AREA_PATH}/planning`, 'routes/area/planning.tsx', { id: 'area-planning___nl' }),
    // Classes (issue 31): a teacher's classes and a pupil's, a new class, a class's own page.
    route(AREA_PATHS.classes, 'routes/area/classes/index.tsx', { id: 'area-classes___nl' }),
    route(`${AREA_PATHS.classes}/nieuw`, 'routes/area/classes/new.tsx', { id: 'area-class-new___nl' }),
    route(`${AREA_PATHS.classes}/:classId`, 'routes/area/classes/class.tsx', { id: 'area-class___nl' }),
    route(`${AREA_PATHS.classes}/:classId/leden`, 'routes/area/classes/members.tsx', { id: 'area-class-members___nl' }),
    route(`${AREA_PATHS.classes}/:classId/opdrachten`, 'routes/area/classes/assignments.tsx', {
      id: 'area-class-assignments___nl',
    }),
    route(`${AREA_PATHS.classes}/:classId/leerlingen/:pupilId`, 'routes/area/classes/pupil.tsx', {
      id: 'area-class-pupil___nl',
    }),
    route(`${AREA_PATHS.classes}/:classId/export.csv`, 'routes/area/classes/export.ts', {
      id: 'area-class-export___nl',
    }),
    route(`${AREA_PATHS.classes}/:classId/wat-ziet-mijn-docent`, 'routes/area/classes/teacher-view.tsx', {
      id: 'area-class-teacher-view___nl',
    }),
    // Parents (issue 31): a pupil's parents, a parent's children.
    route(AREA_PATHS.parents, 'routes/area/parents.tsx', { id: 'area-parents___nl' }),
    route(AREA_PATHS.children, 'routes/area/children.tsx', { id: 'area-children___nl' }),
    // An article inside the area (spec §2).
    route(`${AREA_PATH}/article/:articleId/:articleSlug`, 'routes/area/article.tsx', { id: 'area-article___nl' }),
    // A subject page and its children (spec §2); each has the card modal child kaart/{subjectModalId}.
    route(`${AREA_PATH}/:subjectId/:slug?`, 'routes/area/subject/layout.tsx', { id: 'subject___nl' }, [
      layout('routes/area/subject/overview.tsx', { id: 'subject-overview___nl' }, [
        index('routes/area/subject/no-modal.tsx', { id: 'subject-overview-index___nl' }),
        ...withCardModal('subject-overview'),
        reviewSession('subject-overview'),
      ]),
      route(
        'docenten',
        'routes/area/subject/teachers.tsx',
        { id: 'subject-teachers___nl' },
        withCardModal('subject-teachers'),
      ),
      route(
        'leren-en-oefenen',
        'routes/area/subject/learn.tsx',
        { id: 'subject-learn___nl' },
        withCardModal('subject-learn'),
      ),
      route('maak-de-balans-op', 'routes/area/subject/results.tsx', { id: 'subject-results___nl' }, [
        ...withCardModal('subject-results'),
        // The exam-check modal (spec §2): taking a check, and its latest attempt.
        route('examencheck/:testId', 'routes/area/subject/check.tsx', { id: 'subject-check___nl' }),
        route('examencheck/:testId/resultaat', 'routes/area/subject/check-result.tsx', {
          id: 'subject-check-result___nl',
        }),
      ]),
      route(
        'ook-handig',
        'routes/area/subject/useful.tsx',
        { id: 'subject-useful___nl' },
        withCardModal('subject-useful'),
      ),
      route(
        ':buddyId/examenbuddy',
        'routes/area/subject/buddy.tsx',
        { id: 'subject-buddy___nl' },
        withCardModal('subject-buddy'),
      ),
      route(
        ':idiomId/idioom',
        'routes/area/subject/idioms.tsx',
        { id: 'subject-idioms___nl' },
        withCardModal('subject-idioms'),
      ),
    ]),
    // Anything else under the area is a 404, after the guard.
    route(`${AREA_PATH}/*`, 'routes/public/not-found.tsx', { id: 'area-not-found___nl' }),
  ]),
  // For search engines (resource routes: no page around them).
  route('/sitemap.xml', 'routes/seo/sitemap.ts', { id: 'sitemap___nl' }),
  route('/robots.txt', 'routes/seo/robots.ts', { id: 'robots___nl' }),
  // The offline mail adapter's outbox; a 404 in production (app/platform/server/mail.server.ts).
  route('/dev/mail', 'routes/dev/mail.tsx', { id: 'dev-mail___nl' }),
  // Catch-all pages managed in the content service; anything deeper is a 404.
  route('/:slug', 'routes/public/cms-page.tsx', { id: 'page___nl' }),
  route('/:slug/:childSlug', 'routes/public/cms-page.tsx', { id: 'page-child___nl' }),
  route('/:slug/:childSlug/:grandchildSlug', 'routes/public/cms-page.tsx', { id: 'page-grandchild___nl' }),
  route('*', 'routes/public/not-found.tsx', { id: 'not-found___nl' }),
] satisfies RouteConfig;
