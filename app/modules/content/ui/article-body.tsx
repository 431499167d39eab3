import { lazy, Suspense } from 'react';
import { RichText } from '#app/ui/primitives/rich-text.tsx';
import { LazyProductBlock as ProductBlock, stockLabel } from '#app/modules/catalog/ui.ts';
import { LazyNewsletterBlock as NewsletterBlock } from '#app/modules/newsletter/ui.ts';
import { LazyAddToCartForm as AddToCartForm } from '#app/modules/shop/ui.ts';
import { LazyLicenseBlock as LicenseBlock } from '#app/modules/licenses/ui.ts';
import type { ArticleBlock, ArticleBodySegment } from '../schemas/views.ts';

// Embedded blocks load their code only on articles that have them (spec §2: lazily loaded product blocks).
// Each module's block is such a lazy component (its ui/lazy.ts).
const ExamCheckBlock = lazy(() => import('./exam-check-block.tsx'));
const ExamTimetableBlock = lazy(() => import('./exam-timetable-block.tsx'));

function EmbeddedBlock({ block, source, inArea }: { block: ArticleBlock; source: string; inArea: boolean }) {
  switch (block.kind) {
    case 'product':
      return <ProductBlock product={block.product} />;
    case 'product-preview':
      return <ProductBlock product={block.product} preview />;
    case 'add-to-cart': {
      const { product } = block;
      const orderable = product.isOrderable === 'Y' && product.inStock;
      return (
        <ProductBlock product={product}>
          <AddToCartForm
            productId={product.id}
            productName={product.name}
            disabled={!orderable}
            disabledReason={orderable ? undefined : stockLabel(product).text}
          />
        </ProductBlock>
      );
    }
    case 'exam-check':
      return <ExamCheckBlock product={block.product} examCheck={block.examCheck} />;
    case 'license':
      return <LicenseBlock />;
    case 'exam-timetable':
      return <ExamTimetableBlock overview={block.overview} />;
    case 'newsletter':
      // Signed in, the newsletter is a setting of the profile page.
      return inArea ? null : <NewsletterBlock source={source} />;
  }
}

/**
 * An article's body (spec §3 article): the rich text as safe HTML
 * pieces with the blocks an editor embedded between them, on the blog and in
 * the area (/mijnslaagbundel/article/…) alike.
 */
export function ArticleBody({
  segments,
  articleSlug,
  inArea = false,
}: {
  segments: readonly ArticleBodySegment[];
  articleSlug: string;
  inArea?: boolean;
}) {
  return segments.map((segment, i) =>
    segment.type === 'html' ? (
      <RichText key={i} html={segment.html} className="text-lg [&+&]:mt-5" />
    ) : (
      <Suspense key={i} fallback={null}>
        <EmbeddedBlock block={segment.block} source={`article:${articleSlug}`} inArea={inArea} />
      </Suspense>
    ),
  );
}
